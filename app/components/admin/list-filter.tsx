// The pieces of a back-office list's GET filter (the audit log, the emails):
// a labelled control whose value lives in the URL, so a filtered list is a
// link, and the back button and JavaScript off work the same.

export const filterControlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";
export const filterLabelClass = "mb-1 block text-sm font-medium text-slate-800";

export function FilterSelect({
  id,
  name,
  label,
  value,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | number | null | undefined;
  // The first option, which lifts the filter ("Todos", "Todas").
  allLabel: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={filterControlClass}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
