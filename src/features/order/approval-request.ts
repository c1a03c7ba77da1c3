// The addresses an AM (extra photos) request carries to the page admin (SPEC §2): this order's page, and the
// lookup of the buyer's orders by mobile number, both absolute so they work when pasted into a chat.

export function orderPageUrl(origin: string, q: string): string {
  return `${origin}/download/${encodeURIComponent(q)}`;
}

export function findMobileUrl(origin: string, mobile: string): string {
  return `${origin}/find-mobile/${encodeURIComponent(mobile)}`;
}
