// Money as a buyer reads it, written one way wherever a price shows (pages, dialogs, notices): "฿1,234.00".
// Pages and the server's own texts both format through here, so a price never reads "60.00 บาท" in one place and
// "590.00 THB" in another.

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount (a decimal string as amounts travel, "1250.5", or a number) as shown: "฿1,250.50", with thousands
 * separators and two decimals. Another currency than THB (a manual cart's payment_currency) is written after the
 * number ("1,250.50 USD"). Something that is not a number is shown as it came, never as "฿NaN".
 */
export function formatBaht(amount: string | number, currency = 'THB'): string {
  const value = typeof amount === 'number' ? amount : Number(String(amount).trim() || Number.NaN);
  if (!Number.isFinite(value)) return String(amount);
  const digits = twoDecimals.format(value);
  if (currency.toUpperCase() !== 'THB') return `${digits} ${currency}`;
  return value < 0 ? `-฿${twoDecimals.format(-value)}` : `฿${digits}`;
}
