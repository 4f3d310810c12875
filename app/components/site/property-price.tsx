import { formatPrice } from "#app/models/shared/money";

// A listing's price as visitors read it: SOB CONSULTA when there is none, and
// a rent is per month ("/mês"), on the cards as on the property page.
export function PropertyPrice({
  price,
  advertisedFor,
  suffixClassName,
}: {
  price: number | null;
  advertisedFor: string;
  suffixClassName: string;
}) {
  return (
    <>
      {formatPrice(price)}
      {advertisedFor === "LOCAÇÃO" && price != null ? <span className={suffixClassName}> /mês</span> : null}
    </>
  );
}
