#ifndef BRIDGE_CLIBXML2_SHIM_H
#define BRIDGE_CLIBXML2_SHIM_H

// Debian's libxml2 enables ICU, whose UErrorCode clashes with Foundation's in any module that imports
// both: include the version header first and switch ICU off before the other headers.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>

#include <string.h>

// xmlFree is a global function pointer, which Swift 6 rejects as shared mutable state.
static inline void bridge_xml_free(void *pointer) { xmlFree(pointer); }

// libxml2 prints some errors (input encoding failures) through its generic handler to standard error;
// snapshots report every error through the structured handler instead, so the generic one stays silent.
static inline void bridge_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static inline void bridge_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, bridge_xml_ignore_generic_error);
}

// The offset of the first occurrence of `needle` in `haystack`, or -1 (memmem is a GNU extension that Swift
// does not see on every platform).
static inline long bridge_find_bytes(const void *haystack, long haystack_length, const void *needle, long needle_length) {
    const unsigned char *bytes = haystack;
    const unsigned char *wanted = needle;
    if (needle_length <= 0) return 0;
    long offset = 0;
    while (offset + needle_length <= haystack_length) {
        const unsigned char *candidate = memchr(bytes + offset, wanted[0], (size_t)(haystack_length - offset - needle_length + 1));
        if (!candidate) return -1;
        offset = candidate - bytes;
        if (memcmp(candidate, wanted, (size_t)needle_length) == 0) return offset;
        offset += 1;
    }
    return -1;
}

#endif
