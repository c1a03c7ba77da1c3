// Photographers' upload links: a secret address per photographer and event, printed once (only its hash
// is kept), working until it expires or is revoked; the list of an event's links with what each has sent.
// The address opens the upload page (src/features/uploads/UploadPage.tsx) on the store's public address.
import { uploadPagePath } from '../../core/contract/uploads';
import { insertLink, linksOfEvent, revokeLink } from '../db/photographer-links-repo';
import { photosByPhotographer } from '../db/photos-repo';
import { newLinkSecret, secretHash } from '../services/live-uploads';
import {
  type Command,
  CommandFailed,
  command,
  intArg,
  noExtra,
  parseCommand,
  table,
  UsageError,
} from './args';
import { eventKeyArg } from './event-flags';
import { eventByKey } from './events';

/** How long a link works by default, and at most. */
const DEFAULT_EXPIRY_MS = 3 * 86_400_000;
const MOST_EXPIRY_MS = 30 * 86_400_000;
const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--expires 3d`, `12h` or `90m`. */
export function expiryArg(name: string, raw: string): number {
  const match = /^(\d{1,4})([mhd])$/.exec(raw.trim());
  const ms = match ? Number(match[1]) * (UNITS[match[2] as string] as number) : Number.NaN;
  if (!(ms > 0) || ms > MOST_EXPIRY_MS) {
    throw new UsageError(`${name}: --expires must be like 3d, 12h or 90m, at most 30d`);
  }
  return ms;
}

const bangkokTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(at);

const createLink = command({
  name: 'photographer-link',
  args: '<event_key> --photographer N [--expires 3d]',
  summary:
    "print a photographer's secret upload address for an event (their photos go in as they upload, while the race " +
    'runs); it works until it expires (3 days by default, 30 at most) or is revoked',
  parse(argv) {
    const name = 'photographer-link';
    const options = { photographer: { type: 'string' }, expires: { type: 'string' } } as const;
    const { values, positionals } = parseCommand(name, argv, options, ['<event_key>']);
    noExtra(name, positionals, 1);
    if (values.photographer === undefined) throw new UsageError(`${name}: --photographer N is required`);
    return {
      eventKey: eventKeyArg(name, positionals[0] as string),
      photographerId: intArg(name, 'photographer', values.photographer, 0, 2_147_483_647),
      expiresInMs: values.expires === undefined ? DEFAULT_EXPIRY_MS : expiryArg(name, values.expires),
    };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'photographer-link', args.eventKey);
    const secret = newLinkSecret();
    const expiresAt = new Date(ctx.now().getTime() + args.expiresInMs);
    const id = await insertLink(ctx.db, {
      eventId: event.event_id,
      photographerId: args.photographerId,
      secretSha256: secretHash(secret),
      expiresAt,
    });
    const base = (ctx.publicBaseUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
    ctx.out(
      `upload link ${id} for photographer ${args.photographerId} at ${event.event_key}, ` +
        `until ${bangkokTime(expiresAt)} (Bangkok); give it to the photographer only:`,
    );
    ctx.out(`${base}${uploadPagePath(secret)}`);
  },
});

const listLinks = command({
  name: 'photographer-links',
  args: '<event_key>',
  summary:
    "an event's upload links: photographer, until when, revoked or not, and the photos each photographer sent",
  parse(argv) {
    const name = 'photographer-links';
    const { positionals } = parseCommand(name, argv, {}, ['<event_key>']);
    noExtra(name, positionals, 1);
    return { eventKey: eventKeyArg(name, positionals[0] as string) };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'photographer-links', args.eventKey);
    const links = await linksOfEvent(ctx.db, event.event_id);
    if (links.length === 0) {
      ctx.out(`${event.event_key} has no upload links (make one with photographer-link)`);
      return;
    }
    const now = ctx.now();
    const sent = new Map(
      (await photosByPhotographer(ctx.db, [], event.event_id)).map((p) => [p.photographer_id, p.photos]),
    );
    ctx.out(
      table(
        ['link', 'photographer', 'until (Bangkok)', 'state', 'photos'],
        links.map((l) => [
          l.id,
          l.photographer_id,
          bangkokTime(new Date(l.expires_at)),
          l.revoked_at ? 'revoked' : new Date(l.expires_at) <= now ? 'expired' : 'working',
          sent.get(l.photographer_id) ?? 0,
        ]),
      ),
    );
  },
});

const revoke = command({
  name: 'revoke-photographer-link',
  args: '<link>',
  summary: 'stop an upload link at once (its number from photographer-links); photos already sent stay',
  parse(argv) {
    const name = 'revoke-photographer-link';
    const { positionals } = parseCommand(name, argv, {}, ['<link>']);
    noExtra(name, positionals, 1);
    return { id: intArg(name, 'link', positionals[0] as string, 1, 2_147_483_647) };
  },
  async run(ctx, args) {
    if (!(await revokeLink(ctx.db, args.id, ctx.now()))) {
      throw new CommandFailed(
        `revoke-photographer-link: no working link ${args.id} (see photographer-links)`,
      );
    }
    ctx.out(`upload link ${args.id} revoked`);
  },
});

export const photographerLinkCommands: Command[] = [createLink, listLinks, revoke];
