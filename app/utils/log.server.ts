// The app logs through the production server's JSON logger (one line per event, LOG_LEVEL),
// so journald gets one format from the server, the app and the `shop` command.
export { log, setLogLevel } from "../../server/log.mjs";
