import BridgeTools
import Testing

@Suite("Journey scripts")
struct JourneyScriptTests {
    @Test("bridge replay: scripts parse events, comments and 'time manual'")
    func parses() throws {
        let script = try JourneyScript(
            """
            time manual   # only wait moves the clock
            back main
            pop main cancel 0.3

            swipe settings cancel 0.4   # let go early
            tab tabs 1
            finish checkout
            wait 0.2
            wait
            """)
        #expect(script.isTimeManual)
        #expect(script.steps.map(\.line) == [2, 3, 5, 6, 7, 8, 9])
        #expect(
            script.steps.map(\.text) == [
                "back main", "pop main cancel 0.3", "swipe settings cancel 0.4", "tab tabs 1", "finish checkout",
                "wait 0.2", "wait",
            ])
    }

    @Test("bridge replay: every bad line is reported with its number and what was expected")
    func errors() {
        #expect {
            try JourneyScript("back\njump main\npop main finish 2\ntab tabs -1\nback main\ntime manual")
        } throws: { error in
            (error as? JourneyScriptError)?.description == """
                line 1: expected 'back NAVIGATION'
                line 2: unknown event 'jump'; events are back, pop, swipe, tab, finish, dismiss and wait
                line 3: the progress must be a number from 0.0 to 1.0, not '2'
                line 4: expected 'tab TABBAR INDEX (counted from 0)'
                line 6: 'time manual' must come before the first event
                """
        }
    }
}
