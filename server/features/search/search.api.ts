/**
 * What other features may use of search: its repositories stay private to it.
 */
export {
  prefixTsQueryOf,
  savedSearchMatchSql,
  savedSearchQuerySql,
  savedSearchWorkSql,
} from "./search.repository";
