// The sandbox gateway's own pages, drawn on the server (they stand for a bank's or a card issuer's pages, so they
// are not part of the PWA): the PromptPay payment page, its result, and the 3-D Secure page of a card charge.
// Thai and English on every page; every value printed is escaped.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Template tag: interpolations are escaped unless wrapped with raw(). */
class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const part = Array.isArray(value)
      ? value.map((v) => (v instanceof Raw ? v.html : escapeHtml(String(v)))).join('')
      : value instanceof Raw
        ? value.html
        : escapeHtml(String(value ?? ''));
    out += part + (strings[i + 1] ?? '');
  });
  return new Raw(out);
}

const STYLE = `
  body{font-family:Sarabun,"Noto Sans Thai",system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1d2733}
  main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;
    box-shadow:0 2px 12px rgba(0,0,0,.08)}
  .badge{display:inline-block;background:#fff3cd;color:#7a5b00;border-radius:999px;padding:.2rem .7rem;font-size:.85rem}
  h1{font-size:1.35rem;margin:.8rem 0}
  p{line-height:1.5}
  .th{color:#475467}
  .amount{font-size:1.6rem;font-weight:700}
  form{margin:.6rem 0}
  button,.button{display:block;width:100%;box-sizing:border-box;font:inherit;font-size:1.05rem;padding:.8rem 1rem;
    border-radius:8px;border:1px solid #c2c9d1;background:#fff;color:#1d2733;cursor:pointer;text-align:center;
    text-decoration:none}
  button.pay{background:#0b7a3e;border-color:#0b7a3e;color:#fff}
  button.fail{color:#b42318;border-color:#f0a39c}
  .ok{color:#0b7a3e}.bad{color:#b42318}
  label{display:block;margin:.6rem 0 .2rem}
  input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #c2c9d1;border-radius:6px}
  small{color:#475467}
`;

export function page(title: string, body: Raw): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} | RunFoto sandbox</title><style>${STYLE}</style></head>
<body><main>${html`<span class="badge">Sandbox · ระบบทดสอบ — no real money</span>`.html}${body.html}</main></body></html>`;
}

const orderLink = (orderId: string) => `/download/${orderId}`;

export function payPage(view: {
  orderId: string;
  chargeId: string;
  amount: string;
  status: string;
  transferRef: string;
}): string {
  const { orderId, chargeId, amount, status } = view;
  if (status === 'successful') return paidPage(orderId, amount, view.transferRef);
  return page(
    `Pay ${amount} THB`,
    html`<h1>PromptPay payment</h1>
      <p class="th">ชำระเงินผ่านพร้อมเพย์</p>
      <p>Order <code>${orderId}</code></p>
      <p class="amount">${amount} THB</p>
      ${status === 'failed' ? html`<p class="bad" role="status">The last attempt failed. You can pay again.<br><span class="th">การชำระครั้งก่อนไม่สำเร็จ ชำระใหม่ได้</span></p>` : ''}
      <form method="post" action="/api/sandbox/pay/${chargeId}">
        <input type="hidden" name="action" value="pay">
        <button class="pay" type="submit">Pay ${amount} THB in the sandbox<br><small style="color:#e6f4ea">ชำระ ${amount} บาท ในระบบทดสอบ</small></button>
      </form>
      <form method="post" action="/api/sandbox/pay/${chargeId}">
        <input type="hidden" name="action" value="fail">
        <button class="fail" type="submit">Fail the payment<br><small>ทำให้การชำระเงินไม่สำเร็จ</small></button>
      </form>
      <p><a class="button" href="${orderLink(orderId)}">Back to the order · กลับไปที่คำสั่งซื้อ</a></p>`,
  );
}

export function paidPage(orderId: string, amount: string, transferRef: string): string {
  return page(
    'Paid',
    html`<h1 class="ok">Paid ${amount} THB</h1>
      <p class="th">ชำระเงิน ${amount} บาท เรียบร้อยแล้ว</p>
      ${transferRef ? html`<p>Transfer reference · เลขที่รายการ: <strong class="ref">${transferRef}</strong></p>` : ''}
      <p>The order page updates by itself. · หน้าคำสั่งซื้อจะอัปเดตเอง</p>
      <p><a class="button" href="${orderLink(orderId)}">Open the order · เปิดคำสั่งซื้อ</a></p>`,
  );
}

export function failedPage(orderId: string, chargeId: string): string {
  return page(
    'Payment failed',
    html`<h1 class="bad">The payment failed</h1>
      <p class="th">การชำระเงินไม่สำเร็จ</p>
      <p>The order is still waiting for payment. · คำสั่งซื้อยังรอการชำระเงิน</p>
      <p><a class="button" href="/api/sandbox/pay/${orderId}">Try again · ลองใหม่</a></p>
      <p><a class="button" href="${orderLink(orderId)}">Back to the order · กลับไปที่คำสั่งซื้อ</a></p>
      <!-- ${chargeId} -->`,
  );
}

export function messagePage(status: 'missing' | 'error', text: string, textTh: string): string {
  return page(
    status === 'missing' ? 'Not found' : 'Error',
    html`<h1 class="bad">${text}</h1><p class="th">${textTh}</p><p><a class="button" href="/">Home · หน้าแรก</a></p>`,
  );
}

export function threeDsPage(view: { chargeId: string; amount: string }): string {
  return page(
    '3-D Secure',
    html`<h1>3-D Secure check</h1>
      <p class="th">ยืนยันตัวตนผู้ถือบัตร (3-D Secure)</p>
      <p class="amount">${view.amount} THB</p>
      <form method="post" action="/api/sandbox/3ds/${view.chargeId}">
        <input type="hidden" name="action" value="pass">
        <button class="pay" type="submit">Pass 3-D Secure<br><small style="color:#e6f4ea">ยืนยันสำเร็จ</small></button>
      </form>
      <form method="post" action="/api/sandbox/3ds/${view.chargeId}">
        <input type="hidden" name="action" value="fail">
        <button class="fail" type="submit">Fail 3-D Secure<br><small>ยืนยันไม่สำเร็จ</small></button>
      </form>`,
  );
}
