package tfighters

// proto names the protocol in errors.
const proto = "tfighters"
