import { Form, Link, useSearchParams } from "react-router";

export type FilterOption = { value: string; label: string };

/** A select of the toolbar; its first option (value "") is "no filter". */
export type SelectFilter = {
  /** The URL parameter. */
  name: string;
  label: string;
  anyLabel: string;
  options: readonly FilterOption[];
};

/** What a console list can be narrowed by, all of it in the URL. */
export type ListFilters = {
  /** The fields' ids: `${idPrefix}-q`, and `${idPrefix}-for-sale` for `forSale`. */
  idPrefix: string;
  /** The search text's label; its parameter is `q`. */
  searchLabel: string;
  selects: readonly SelectFilter[];
  /** Parameters kept as they are (hidden fields) when the form is sent, such as the artist a list is narrowed to. */
  kept?: readonly string[];
};

/** The options of a "true"/"false" filter. */
export function yesNo(yes: string, no: string): FilterOption[] {
  return [
    { value: "true", label: yes },
    { value: "false", label: no },
  ];
}

/** Whether the URL narrows the list: the empty text changes from "nothing yet" to "nothing matches". */
export function filtersInUse(params: URLSearchParams, filters: ListFilters): boolean {
  const names = ["q", ...(filters.kept ?? []), ...filters.selects.map((s) => s.name)];
  return names.some((name) => params.get(name));
}

function fieldId(idPrefix: string, name: string) {
  return `${idPrefix}-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * A console list's search toolbar: the search text, the selects and Search, sent as a GET
 * so the filters stay in the URL; Clear (back to `clearTo`) once any filter is in use.
 */
export function AdminFilters({
  filters,
  label,
  clearTo,
}: {
  filters: ListFilters;
  /** The search landmark's name ("Find people"). */
  label: string;
  clearTo: string;
}) {
  const [params] = useSearchParams();
  const { idPrefix } = filters;
  return (
    <Form method="get" className="admin-toolbar" role="search" aria-label={label}>
      {filters.kept?.map((name) => {
        const value = params.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <div className="field">
        <label htmlFor={fieldId(idPrefix, "q")}>{filters.searchLabel}</label>
        <input
          id={fieldId(idPrefix, "q")}
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          maxLength={200}
        />
      </div>
      {filters.selects.map((select) => (
        <div key={select.name} className="field">
          <label htmlFor={fieldId(idPrefix, select.name)}>{select.label}</label>
          <select
            id={fieldId(idPrefix, select.name)}
            name={select.name}
            defaultValue={params.get(select.name) ?? ""}
          >
            <option value="">{select.anyLabel}</option>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="button">
        Search
      </button>
      {filtersInUse(params, filters) ? (
        <Link to={clearTo} className="button-link">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
