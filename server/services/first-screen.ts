// What the first screen of a page address shows largest, so the app shell can ask the browser for it at once (a
// preload in the HTML) instead of after the scripts, the route and the API call (issue 15): the first on-sale
// event's cover on home, the event's cover on its own page. Anything else has no hint.
import * as events from '../db/events-repo';
import { type EventsContext, onSalePage, toSummary } from './events';

/** The address of the largest image of the first screen of `pathname`, if it is known here. */
export async function firstScreenImage(ctx: EventsContext, pathname: string): Promise<string | undefined> {
  if (pathname === '/' || pathname === '/index.html') return (await onSalePage(ctx, 1, 1))[0]?.coverurl;
  const single = /^\/([^/.]+)$/.exec(pathname)?.[1];
  if (!single) return undefined;
  let eventKey: string;
  try {
    eventKey = decodeURIComponent(single);
  } catch {
    return undefined;
  }
  const row = await events.findByKey(ctx.db, eventKey);
  return row ? toSummary(row, ctx, ctx.now()).coverurl : undefined;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The shell with a high-priority preload of `image` in its head. */
export function withImagePreload(html: string, image: string | undefined): string {
  if (!image) return html;
  const link = `<link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high">`;
  return html.replace('</head>', `${link}</head>`);
}
