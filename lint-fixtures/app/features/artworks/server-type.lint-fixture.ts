// A deliberate violation (eslint.config.js): browser code taking a type from server/
// instead of contracts/. eslint.config.test.ts expects the error.
import type { AppError } from "../../../server/errors";

export type ServerType = AppError;
