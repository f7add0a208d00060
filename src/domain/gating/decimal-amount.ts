/**
 * Amounts in ladders (band maxima, requested amounts) are non-negative decimals of any size, held
 * as canonical decimal strings and compared exactly (token amounts overflow float precision).
 */
export type DecimalAmount = string & { readonly __brand: "DecimalAmount" };

const DECIMAL = /^(\d{1,78})(?:\.(\d{1,36}))?$/;

/** Accepts a non-negative JSON number in plain notation or a decimal string; canonicalises it. */
export function parseDecimalAmount(value: unknown): DecimalAmount | undefined {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return undefined;
    text = String(value); // exponent notation (1e21, 1e-7) fails the pattern below
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return undefined;
  }
  const match = DECIMAL.exec(text);
  if (match === null) return undefined;
  const whole = (match[1] ?? "0").replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return (fraction === "" ? whole : `${whole}.${fraction}`) as DecimalAmount;
}

/** -1, 0 or 1, exactly. */
export function compareDecimalAmounts(a: DecimalAmount, b: DecimalAmount): number {
  const [aWhole = "0", aFraction = ""] = a.split(".");
  const [bWhole = "0", bFraction = ""] = b.split(".");
  const width = Math.max(aFraction.length, bFraction.length);
  const left = BigInt(aWhole + aFraction.padEnd(width, "0"));
  const right = BigInt(bWhole + bFraction.padEnd(width, "0"));
  return left < right ? -1 : left > right ? 1 : 0;
}
