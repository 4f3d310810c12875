// "Data do repasse": the day the money went, from the month's first day to
// today, with its error beside it (the owner's statement and the bulk form of
// Repasses).
export function TransferDateInput({
  id,
  month,
  today,
  value,
  error,
  className,
}: {
  id: string;
  month: string;
  today: string;
  value: string;
  error: string | null | undefined;
  className: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Data do repasse
      </label>
      <input
        id={id}
        name="transferred_on"
        type="date"
        min={`${month}-01`}
        max={today}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={className}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
