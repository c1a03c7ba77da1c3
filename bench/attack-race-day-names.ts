// The race-day attack checks of the start list's name search (bench:attack): an event's start list of
// 120 runners, walked as a scraper would. Two-letter queries with a new X-Forwarded-For each; longer and longer
// queries past a first name, to read a surname back letter by letter; a walk of every three-letter beginning from
// "clients" believed through the proxy (the event's day of name searches stops it); the same walk with forged
// X-Forwarded-For from a connection that is not the proxy's (a second store whose TRUSTED_PROXIES is elsewhere: its
// own socket's limit stops it). Each counts the runners whose surname came back beyond its initial.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RUNNER_NAME_MIN } from '../core/contract/bibsearch';
import { LIMITS } from '../server/routes/api';
import { eventNameSearchesPerDay } from '../server/services/bib-search';
import { demoEventKeys } from '../server/services/demo-data';
import { EVENT_FLAGS, runNode } from '../server/test/processes';
import type { RaceDayKit } from './attack-race-day-kit';
import { startStore, waitFor } from './bench-kit';

/** An event of the check's own: its day of name searches is used up here, and no other check's answers change. */
const EVENT = 'attack-names-2026';
const ENGLISH_FIRST = (
  'Anna Andrew Anthony Alice Benjamin Brian Carlos Catherine Charlotte Daniel David Diana Edward ' +
  'Elena Emily Frank George Grace Hannah Henry Isabel James Jessica John Julia Kevin Laura Lucas ' +
  'Maria Mark Michael Nathan Nicole Oliver Patrick Peter Rachel Robert Samuel Sarah Sophia Thomas ' +
  'Victoria William'
).split(' ');
const ENGLISH_LAST = (
  'Anderson Baker Carter Dawson Evans Fischer Garcia Harris Ivanov Jensen Keller Lopez Martin ' +
  'Nguyen Owens Parker Quinn Rodriguez Schmidt Turner Walker Young'
).split(' ');
const THAI_FIRST = [
  ...'สมชาย สมศักดิ์ สมหญิง กมล กิตติ ชัยวัฒน์ ณัฐพล ธนากร'.split(' '),
  ...'นภา ปิยะ พรทิพย์ มานี วิชัย ศิริพร สุดา อนันต์'.split(' '),
];
const THAI_LAST = 'ใจดี รักไทย ศรีสุข วงศ์ใหญ่ บุญมา แก้วมณี ทองคำ สุขสวัสดิ์'.split(' ');

interface ListedRunner {
  bib: string;
  name: string;
}

/** 120 runners: 90 with English names, 30 with Thai names, bibs 1001 to 1120. */
function startList(): ListedRunner[] {
  return Array.from({ length: 120 }, (_, i) => {
    const thai = i % 4 === 3;
    const first = thai ? THAI_FIRST[i % THAI_FIRST.length] : ENGLISH_FIRST[(i * 7) % ENGLISH_FIRST.length];
    const last = thai ? THAI_LAST[(i * 3) % THAI_LAST.length] : ENGLISH_LAST[(i * 5) % ENGLISH_LAST.length];
    return { bib: String(1001 + i), name: `${first} ${last}` };
  });
}

interface Answered {
  bib: string;
  name: string;
}

/**
 * What a scraper keeps from the name search's answers: each runner found (by bib), and the runners whose surname
 * came back beyond its initial (any word after the first longer than a letter and a dot, or the listed name whole).
 */
class Harvest {
  readonly found = new Map<string, string>();
  constructor(private readonly list: ListedRunner[]) {}
  add(runners: Answered[]) {
    for (const r of runners) this.found.set(r.bib, r.name);
  }
  surnamesCopied(): number {
    let copied = 0;
    for (const runner of this.list) {
      const shown = this.found.get(runner.bib);
      if (!shown) continue;
      const [, ...rest] = shown.split(' ');
      if (shown === runner.name || rest.some((word) => Array.from(word).length > 2 || !word.endsWith('.')))
        copied += 1;
    }
    return copied;
  }
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const twoLetters = () => [...LETTERS].flatMap((a) => [...LETTERS].map((b) => `${a}${b}`));
const threeLetters = () => twoLetters().flatMap((ab) => [...LETTERS].map((c) => `${ab}${c}`));

/** The event, on sale, and its start list, made with the admin command line beside the running store. */
async function eventWithStartList(env: Record<string, string>, csv: string): Promise<void> {
  const made = await runNode('server/cli/main.ts', ['create-event', EVENT, ...EVENT_FLAGS], env);
  if (made.code !== 0) throw new Error(`create-event: ${made.stderr || made.stdout}`);
  const imported = await runNode('server/cli/main.ts', ['import-start-list', EVENT, csv], env);
  if (imported.code !== 0) throw new Error(`import-start-list: ${imported.stderr || imported.stdout}`);
}

export async function nameSearchChecks(kit: RaceDayKit): Promise<void> {
  const { call, check } = kit;
  const list = startList();
  const csv = path.join(kit.dir, 'names-start-list.csv');
  await writeFile(csv, `bib,name,category\n${list.map((r) => `${r.bib},${r.name},10K`).join('\n')}\n`);

  // Which demo events come with a start list (the name search is offered only there).
  const demoWithList: string[] = [];
  for (const key of demoEventKeys) {
    const res = await call(`/api/v1/events/${key}`);
    const body = (await res.json().catch(() => ({}))) as { body?: { bib_search?: { by_name?: boolean } } };
    if (body.body?.bib_search?.by_name) demoWithList.push(key);
  }
  await eventWithStartList(kit.env, csv);
  const names = async (name: string) => {
    const res = await call('/api/v1/bibsearch/runners', { method: 'POST', json: { event_key: EVENT, name } });
    const body = (await res.json().catch(() => ({}))) as {
      body?: Answered[];
      code?: string;
      message_th?: string;
    };
    return { status: res.status, body };
  };

  // 1. Every two-letter query, each from a new client: refused before the list is read.
  const started = Date.now();
  const two = new Harvest(list);
  const twoStatuses = new Map<number, number>();
  let twoInThai = 0;
  for (const typed of twoLetters()) {
    const answer = await names(typed);
    twoStatuses.set(answer.status, (twoStatuses.get(answer.status) ?? 0) + 1);
    if (answer.body.code === 'name-too-short' && answer.body.message_th) twoInThai += 1;
    two.add(answer.body.body ?? []);
  }
  check(
    'name search: 676 two-letter queries with a new X-Forwarded-For each are refused (400), none answered',
    twoStatuses.get(400) === 676 && twoInThai === 676 && two.found.size === 0,
    {
      before: { runners_copied_with_surnames: '120 of 120', seconds: 4, queries: 676 },
      after: {
        refused_400: twoStatuses.get(400) ?? 0,
        with_thai_message: twoInThai,
        other_statuses: Object.fromEntries([...twoStatuses].filter(([s]) => s !== 400)),
        runners_found: two.found.size,
        seconds: Math.round((Date.now() - started) / 100) / 10,
      },
      least_letters: RUNNER_NAME_MIN,
      demo_events_with_a_start_list: demoWithList,
      checked_on: `${EVENT} (made by the admin command line beside the store, 120 runners)`,
    },
  );

  // 2. Past the first name, a longer query tells nothing more: "<first> <initial><letter>" for every letter.
  const target = list[0] as ListedRunner;
  const [first, last = ''] = target.name.split(' ');
  const initial = last[0] ?? '';
  const extended = new Harvest(list);
  const shapes = new Set<string>();
  const longer = [`${first} ${initial}`, ...[...LETTERS].map((c) => `${first} ${initial}${c}`), target.name];
  for (const typed of longer) {
    const answer = await names(typed);
    extended.add(answer.body.body ?? []);
    shapes.add(JSON.stringify(answer.body.body ?? answer.status));
  }
  check(
    'name search: a surname is not read back letter by letter past its initial',
    shapes.size === 1 && extended.surnamesCopied() === 0 && extended.found.has(target.bib),
    {
      runner: `${first} ${initial}. (bib ${target.bib})`,
      queries: longer.length,
      distinct_answers: shapes.size,
      surnames_copied: extended.surnamesCopied(),
    },
  );

  // 3. Every three-letter beginning, each from a new client believed through the proxy: the event's day of name
  // searches stops the walk whoever sends it.
  const walk = new Harvest(list);
  let answered = 0;
  let capped = 0;
  let cappedInThai = 0;
  let otherStatuses = 0;
  let queries = 0;
  const walkStarted = Date.now();
  for (const typed of threeLetters()) {
    const answer = await names(typed);
    queries += 1;
    if (answer.status === 200) {
      answered += 1;
      walk.add(answer.body.body ?? []);
    } else if (answer.status === 429 && answer.body.code === 'name-search-closed') {
      capped += 1;
      if (answer.body.message_th) cappedInThai += 1;
      // Enough to show the door stays shut; the rest of the 17,576 would be answered the same.
      if (capped >= 300) break;
    } else otherStatuses += 1;
  }
  const allowance = eventNameSearchesPerDay(list.length);
  const found = new Set([...walk.found.keys(), ...extended.found.keys()]);
  check(
    "name search: a walk of three-letter prefixes from many clients stops at the event's day of name searches",
    answered + longer.length <= allowance &&
      capped >= 300 &&
      cappedInThai === capped &&
      otherStatuses === 0 &&
      walk.surnamesCopied() === 0,
    {
      event_searches_a_day: allowance,
      walk_queries_sent: queries,
      answered,
      refused_429_event_day: capped,
      refused_with_thai_message: cappedInThai,
      other_statuses: otherStatuses,
      runners_found_first_name_and_initial: `${found.size} of ${list.length}`,
      runners_surnames_copied: walk.surnamesCopied() + extended.surnamesCopied(),
      seconds: Math.round((Date.now() - walkStarted) / 100) / 10,
    },
  );

  // 4. The same walk from a connection that is not the proxy's: forged X-Forwarded-For are not believed, and the
  // socket's own per-client limit stops it.
  const direct = await startStore({
    ...kit.env,
    DATA_DIR: path.join(kit.dir, 'data-names-direct'),
    DEMO_DATA: 'off',
    TRUST_PROXY: '1',
    TRUSTED_PROXIES: '10.9.9.9',
  });
  try {
    await waitFor(
      'the second store',
      async () => ((await fetch(`${direct.base}/readyz`)).ok ? true : undefined),
      120_000,
    );
    await eventWithStartList({ ...kit.env, DATA_DIR: path.join(kit.dir, 'data-names-direct') }, csv);
    const forged = new Harvest(list);
    const statuses = new Map<number, number>();
    let n = 0;
    const forgedStarted = Date.now();
    for (const typed of threeLetters().slice(0, 300)) {
      n += 1;
      const res = await fetch(`${direct.base}/api/v1/bibsearch/runners`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${n % 250}.${n >> 8}.7` },
        body: JSON.stringify({ event_key: EVENT, name: typed }),
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const body = (await res.json().catch(() => ({}))) as { body?: Answered[] };
      if (res.ok) forged.add(body.body ?? []);
    }
    const passed = statuses.get(200) ?? 0;
    check(
      'name search: forged X-Forwarded-For from a connection that is not the proxy are one client (its own limit)',
      passed <= LIMITS.names.capacity + 1 &&
        (statuses.get(429) ?? 0) >= 300 - passed - 1 &&
        forged.surnamesCopied() === 0,
      {
        trusted_proxies: '10.9.9.9 (the walk comes from 127.0.0.1)',
        queries: n,
        answered: passed,
        refused_429: statuses.get(429) ?? 0,
        per_client_burst: LIMITS.names.capacity,
        runners_found: forged.found.size,
        runners_surnames_copied: forged.surnamesCopied(),
        seconds: Math.round((Date.now() - forgedStarted) / 100) / 10,
      },
    );
  } finally {
    await direct.stop();
  }
}
