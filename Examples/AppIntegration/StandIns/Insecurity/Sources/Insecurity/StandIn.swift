// The published library's sources go here in an app; this file only gives the stand-in module a body.
public enum PublishedInsecurityStandIn {}
