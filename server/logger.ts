import { redactForLog } from "./log-redaction";

/**
 * A small structured logger: one JSON line per event in production, readable lines
 * otherwise. Everything logged passes redactForLog (no secrets, no addresses, short).
 */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export function createLogger(options: { json: boolean; silent?: boolean }): Logger {
  function write(
    level: "info" | "warn" | "error",
    message: string,
    fields?: Record<string, unknown>,
  ) {
    if (options.silent && level === "info") return;
    const data = fields ? (redactForLog(fields) as Record<string, unknown>) : {};
    message = redactForLog(message) as string;
    const line = options.json
      ? JSON.stringify({ time: new Date().toISOString(), level, message, ...data })
      : `${level === "info" ? "" : `[${level}] `}${message}${Object.keys(data).length ? ` ${JSON.stringify(data)}` : ""}`;
    (level === "error" ? console.error : level === "warn" ? console.warn : console.log)(line);
  }
  return {
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}
