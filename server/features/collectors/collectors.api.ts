/**
 * What other features may use of collectors: its repositories stay private to it.
 */
export { countSaves } from "./collectors.repository";
export { followsForExport, forgetCollector, savedWorksForExport } from "./personal-data.repository";
