// Event commands through runCli on PGlite: create, update, prices, stages, wholesale packages, and bad arguments.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizedCopy, sizedWidths } from '../../core/sized-images';
import { findByKey, listsOf } from '../db/events-repo';
import { insertTeam } from '../db/teams-repo';
import { testDatabases } from '../db/test-databases';
import { openTestCli, storedObjects, type TestCli, writeImage } from './cli-fixture';

const base = [
  '--title',
  'ภูเก็ต มาราธอน',
  '--date',
  '2026-11-15',
  '--province',
  'ภูเก็ต',
  '--sale-start',
  '2026-11-16T06:00',
  '--sale-end',
  '2026-12-31T23:59:00Z',
];

describe('event commands', () => {
  let cli: TestCli;
  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
    await insertTeam(cli.db, { team_key: 'phuket-club', team_name: 'Phuket club' });
  }, 60_000);
  afterAll(() => cli.close());

  it('create-event makes an event with a drawn cover and the given settings', async () => {
    const run = await cli.run(
      'create-event',
      'phuket-2026',
      ...base,
      '--pin',
      '--team',
      'phuket-club',
      '--mhao',
      '399',
      '--hybrid',
      '--hybrid-mhao',
      '590.5',
      '--stage',
      '--threshold',
      '0.5',
      '--max-face-search',
      '300',
      '--caption-buy-all',
      'ซื้อเหมา',
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toMatch(/^created event phuket-2026 \(id \d+\)/);
    const event = await findByKey(cli.db, 'phuket-2026');
    expect(event).toMatchObject({
      title: 'ภูเก็ต มาราธอน',
      eventdate: '2026-11-15',
      event_date_text: '15 พฤศจิกายน 2569',
      province: 'ภูเก็ต',
      pin: 1,
      team_key: 'phuket-club',
      is_mhao: true,
      mhao_price: '399.00',
      is_hybrid: true,
      is_mhao_hybrid: true,
      hybrid_mhao_price: '590.50',
      is_event_stage: true,
      is_free_download: false,
      max_face_search: 300,
      caption_button_buy_all: 'ซื้อเหมา',
      // The drawn cover (1200×630) with its WebP copies (core/sized-images.ts).
      cover_object: expect.stringMatching(/^phuket-2026\/cover-[0-9a-f]{12}\.w480-800-1200\.jpg$/),
    });
    expect(event?.face_threshold).toBeCloseTo(0.5);
    // A sale time without a zone is Thailand time.
    expect(event?.on_sale_start).toEqual(new Date('2026-11-15T23:00:00Z'));
    expect(event?.on_sale_end).toEqual(new Date('2026-12-31T23:59:00Z'));
    const stored = await storedObjects(cli.store);
    const cover = (event?.cover_object ?? '').split('/').join(path.sep);
    expect(stored).toContain(cover);
    for (const width of [480, 800, 1200]) expect(stored).toContain(cover.replace(/\.jpg$/, `.${width}.webp`));
  });

  it('create-event refuses bad arguments with a clear message and exit 2', async () => {
    const cases: [string[], string][] = [
      [['team', ...base], '"team" is a reserved word'],
      [['Pagination-Count', ...base], '"Pagination-Count" is a reserved word'],
      [['bad key!', ...base], 'event key "bad key!" may hold only letters, digits, - and _'],
      [['phuket-2026', ...base], 'event "phuket-2026" already exists'],
      [['new-one', ...base.slice(2)], '--title is required'],
      [['new-one', ...base, '--date', '2026-02-30'], '--date must be a date YYYY-MM-DD, got "2026-02-30"'],
      [['new-one', ...base, '--sale-start', 'tomorrow'], '--sale-start must be an ISO time'],
      [['new-one', ...base, '--sale-end', '2026-11-01T00:00Z'], '--sale-end is before --sale-start'],
      [['new-one', ...base, '--mhao', 'cheap'], '--mhao must be an amount like 250 or 250.50, got "cheap"'],
      [['new-one', ...base, '--threshold', '0'], '--threshold must be a number above 0 and at most 2'],
      [['new-one', ...base, '--max-face-search', '2.5'], '--max-face-search must be a whole number'],
      [['new-one', ...base, '--pin', '--no-pin'], '--pin and --no-pin contradict each other'],
      [['new-one', ...base, '--team', 'nobody'], 'no team with key "nobody"'],
      [['new-one', ...base, '--cover', '/no/such/file.jpg'], 'cannot read /no/such/file.jpg (ENOENT)'],
      [['new-one', ...base, '--title'], "Option '--title <value>' argument missing"],
    ];
    for (const [args, message] of cases) {
      const run = await cli.run('create-event', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err).toContain(message);
      expect(run.err).toContain('usage: npm run admin -- create-event <event_key>');
    }
    expect(await findByKey(cli.db, 'new-one')).toBeUndefined();
  });

  it('update-event --card-frame keeps a transparent PNG, refuses one that would hide the photo, off removes it', async () => {
    expect((await cli.run('create-event', 'framed', ...base)).code).toBe(0);
    const fs = await import('node:fs/promises');
    const frameFile = async (
      file: string,
      width: number,
      height: number,
      opaqueRows: number,
      alpha = true,
    ) => {
      const full = path.join(cli.dir, 'frames', file);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${opaqueRows}" fill="#e11d48"/></svg>`;
      const image = sharp({
        create: {
          width,
          height,
          channels: alpha ? 4 : 3,
          background: alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : '#fff',
        },
      }).composite([{ input: Buffer.from(svg), left: 0, top: 0 }]);
      const png = alpha
        ? image.png()
        : sharp(await image.png().toBuffer())
            .removeAlpha()
            .png();
      await fs.writeFile(full, await png.toBuffer());
      return full;
    };
    const refusals: [string, string][] = [
      [await writeImage(cli.dir, 'frames/photo.jpg'), 'this file is not a PNG'],
      [await frameFile('opaque.png', 1080, 1350, 100, false), 'this PNG is opaque'],
      [await frameFile('covering.png', 1080, 1350, 900), 'this frame covers 67% of the card'],
      [await frameFile('strip.png', 1080, 200, 50), 'this one is 1080×200'],
      [path.join(cli.dir, 'frames', 'missing.png'), 'cannot read'],
    ];
    for (const [file, reason] of refusals) {
      const run = await cli.run('update-event', 'framed', '--card-frame', file);
      expect(run, file).toMatchObject({ code: 2 });
      expect(run.err).toContain(reason);
    }
    expect((await findByKey(cli.db, 'framed'))?.card_frame).toBeNull();

    const good = await frameFile('logo.png', 1080, 1350, 150);
    expect(await cli.run('update-event', 'framed', '--card-frame', good)).toMatchObject({ code: 0 });
    const first = (await findByKey(cli.db, 'framed'))?.card_frame ?? '';
    expect(first).toMatch(/^framed\/card-frame-[0-9a-f-]{36}\.png$/);
    const stored = await cli.store.get(first);
    expect((await sharp(stored).metadata()).hasAlpha).toBe(true);
    // A new frame replaces the old, whose file goes; off removes the frame and its file.
    expect(await cli.run('update-event', 'framed', '--card-frame', good)).toMatchObject({ code: 0 });
    const second = (await findByKey(cli.db, 'framed'))?.card_frame ?? '';
    expect(second).not.toBe(first);
    expect(await cli.store.exists(first)).toBe(false);
    expect(await cli.run('update-event', 'framed', '--card-frame', 'off')).toMatchObject({ code: 0 });
    expect((await findByKey(cli.db, 'framed'))?.card_frame).toBeNull();
    expect(await cli.store.exists(second)).toBe(false);
    expect((await cli.run('create-event', 'framed-2', ...base, '--card-frame', 'off')).err).toContain(
      '--card-frame off is for update-event',
    );
  });

  it('create-event --cover stores the given image; update-event changes only what is given', async () => {
    const cover = await writeImage(cli.dir, 'covers/cover.png', 'png');
    expect((await cli.run('create-event', 'covered', ...base, '--cover', cover)).code).toBe(0);
    const created = await findByKey(cli.db, 'covered');
    expect(created?.cover_object).toMatch(/^covered\/cover-[0-9a-f]{12}(\.w[\d-]+)?\.jpg$/);

    const notImage = path.join(cli.dir, 'covers', 'notes.jpg');
    await import('node:fs/promises').then((fs) => fs.writeFile(notImage, 'not an image'));
    const refused = await cli.run('update-event', 'covered', '--cover', notImage);
    expect(refused).toMatchObject({ code: 2 });
    expect(refused.err).toContain('notes.jpg: not a JPEG or PNG image');

    const newCover = await writeImage(cli.dir, 'covers/new.jpg');
    const run = await cli.run(
      'update-event',
      'covered',
      '--title',
      'New title',
      '--pin',
      '--free-download',
      '--cover',
      newCover,
      '--team',
      'phuket-club',
    );
    expect(run).toMatchObject({ code: 0 });
    const updated = await findByKey(cli.db, 'covered');
    expect(updated).toMatchObject({
      title: 'New title',
      pin: 1,
      is_free_download: true,
      team_key: 'phuket-club',
    });
    expect(updated?.province).toBe('ภูเก็ต');
    expect(updated?.cover_object).not.toBe(created?.cover_object);
    const objects = await storedObjects(cli.store);
    expect(objects).toContain(updated?.cover_object);
    expect(objects).not.toContain(created?.cover_object);
    // The old cover's WebP copies went with it: only the new cover and its own copies are left.
    const newKey = updated?.cover_object ?? '';
    expect(objects.filter((o) => o.startsWith(`covered${path.sep}`))).toEqual(
      [newKey, ...sizedWidths(newKey).map((width) => sizedCopy(newKey, width))].sort(),
    );

    expect(
      (await cli.run('update-event', 'covered', '--no-pin', '--no-team', '--no-free-download')).code,
    ).toBe(0);
    expect(await findByKey(cli.db, 'covered')).toMatchObject({
      pin: 0,
      team_key: null,
      is_free_download: false,
    });
  });

  it('update-event refuses unknown events, empty changes and a sale window that would end before it starts', async () => {
    expect((await cli.run('update-event', 'nothing-here', '--pin')).err).toContain(
      'no event with key "nothing-here"',
    );
    expect((await cli.run('update-event', 'covered')).err).toContain('nothing to change');
    const run = await cli.run('update-event', 'covered', '--sale-end', '2026-01-01T00:00Z');
    expect(run.code).toBe(2);
    expect(run.err).toContain('the sale would end (2026-01-01T00:00:00.000Z) before it starts');
  });

  it('set-packages replaces the price tiers', async () => {
    const run = await cli.run('set-packages', 'phuket-2026', '5=250', '1=60', '10=450.5', '20=800');
    expect(run).toMatchObject({
      code: 0,
      out: 'phuket-2026: 1 for 60.00, 5 for 250.00, 10 for 450.50, 20 for 800.00',
    });
    expect((await cli.run('set-packages', 'phuket-2026', '1=70')).code).toBe(0);
    const event = await findByKey(cli.db, 'phuket-2026');
    expect((await listsOf(cli.db, event?.event_id as number)).packages).toEqual([
      { name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '70.00' },
    ]);
    for (const [args, message] of [
      [['phuket-2026'], 'missing <photos=price>'],
      [['phuket-2026', '5:250'], '"5:250" is not photos=price'],
      [['phuket-2026', '0=10'], '"0=10" is not photos=price'],
      [['phuket-2026', '5=-1'], 'must be an amount'],
      [['phuket-2026', '5=1', '5=2'], '5 photos is given twice'],
      [['nope', '1=60'], 'no event with key "nope"'],
    ] as [string[], string][]) {
      const bad = await cli.run('set-packages', ...args);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain(message);
    }
  });

  it('add-stage and set-wholesale-packages fill the event lists', async () => {
    const first = await cli.run('add-stage', 'phuket-2026', '--name', 'จุดปล่อยตัว', '--name-en', 'Start');
    const second = await cli.run('add-stage', 'phuket-2026', '--name', 'เส้นชัย', '--name-en', 'Finish');
    expect(first.out).toMatch(/^added stage \d+ "จุดปล่อยตัว" \(Start\) to phuket-2026$/);
    expect(second.code).toBe(0);
    expect((await cli.run('add-stage', 'phuket-2026', '--name', 'x')).err).toContain('--name-en is required');
    const noStage = await cli.run('add-stage', 'covered', '--name', 'a', '--name-en', 'b');
    expect(noStage.out).toContain('note: covered is not a stage event yet');

    const hb = await cli.run(
      'set-wholesale-packages',
      'phuket-2026',
      'ทีมจุดสตาร์ท|Start team',
      ' ทีมหาด | Beach ',
    );
    expect(hb).toMatchObject({ code: 0, out: 'phuket-2026: 2 wholesale packages: Start team, Beach' });
    expect((await cli.run('set-wholesale-packages', 'phuket-2026', 'no-separator')).err).toContain(
      '"no-separator" is not "Thai name|English name"',
    );
    const event = await findByKey(cli.db, 'phuket-2026');
    const lists = await listsOf(cli.db, event?.event_id as number);
    expect(lists.stages.map((s) => s.name_en)).toEqual(['Start', 'Finish']);
    expect(lists.packagesHb).toEqual([
      { name: 'ทีมจุดสตาร์ท', name_en: 'Start team' },
      { name: 'ทีมหาด', name_en: 'Beach' },
    ]);
    const shown = await cli.run('show-event', 'phuket-2026');
    expect(shown.out).toContain('packages  1=70.00');
    expect(shown.out).toMatch(/stages +\d+:Start, \d+:Finish/);
  });

  it('list-events shows every event', async () => {
    const run = await cli.run('list-events');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^event_key/);
    expect(run.out).toContain('phuket-2026');
    expect(run.out).toContain('covered');
  });
});
