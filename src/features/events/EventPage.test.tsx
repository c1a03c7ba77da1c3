import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '../../../core/contract/events';
import { photoCopyUrl } from '../../../core/contract/photos';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import { LANGUAGE_KEY } from '../../lib/i18n';
import { languageAtom } from '../../lib/state';
import { EventPage } from './EventPage';
import { eventDetail, hybridEvent } from './event-detail.fixture';
import { renderEventRoute } from './render-event-route';

vi.mock('../face-search/FaceSearchPanel', () => ({
  FaceSearchPanel: (props: { variant: string; cartKind: string }) => (
    <div data-testid="face-search">{`${props.variant}:${props.cartKind}`}</div>
  ),
}));

const highlightAnswer = {
  status: 'success',
  body: [
    { id: 11, thumbnail_file_name: 'DSC_1000.JPG', preview_file_name: 'DSC_1000.JPG' },
    {
      id: 12,
      thumbnail_file_name: 'DSC_1003.JPG',
      preview_file_name: 'DSC_1003.JPG',
      width: 800,
      height: 1200,
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn(async () => new Response(JSON.stringify(highlightAnswer), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

/** Renders the page for an event whose terms were already accepted (unless told otherwise). */
async function show(event: EventDetail, { consented = true, language = 'th' as const } = {}) {
  if (consented) localStorage.setItem(`consent_${event.event_key}`, 'Y');
  return renderEventRoute(() => <EventPage data={{ state: 'loaded', event }} />, {
    path: `/${event.event_key}`,
    language,
  });
}

describe('EventPage', () => {
  it('shows the event: cover, title, date, province, sale times, package badges and the face search', async () => {
    await show(eventDetail());
    expect(screen.getByRole('heading', { level: 1, name: 'บางกอก ซิตี้ มาราธอน 2026' })).toBeInTheDocument();
    expect(screen.getByText('16 พฤศจิกายน 2569')).toBeInTheDocument();
    expect(screen.getByText(/กรุงเทพมหานคร/)).toBeInTheDocument();
    expect(screen.getByText('เปิดขาย')).toBeInTheDocument();
    expect(screen.getByText('ปิดขาย')).toBeInTheDocument();
    const badges = screen.getByRole('list', { name: 'แพ็กเกจราคา' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 ภาพ · ฿60.00', '5 ภาพ · ฿250.00']);
    expect(document.querySelector('.event-cover')).toHaveAttribute('width', '1200');
    expect(screen.getByTestId('face-search')).toHaveTextContent('event:standard');
    expect(screen.queryByText(/เหลือเวลาเก็บภาพ/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'รับแพ็กเกจเหมาทุกภาพ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'เลือกภาพเองตามจุดถ่ายภาพ' })).not.toBeInTheDocument();
    expect(document.title).toBe('บางกอก ซิตี้ มาราธอน 2026 | RunFoto');
  });

  it.each([
    [1, true],
    [10, true],
    [0, false],
    [11, false],
  ])('with %i days left the red countdown note shows: %s', async (days, shown) => {
    await show(eventDetail({ day_diff: days }));
    const note = screen.queryByText(`เหลือเวลาเก็บภาพอีก ${days} วัน`);
    if (shown) expect(note).toHaveClass('countdown');
    else expect(note).not.toBeInTheDocument();
  });

  it('says when to come back before the sale opens, without the face search', async () => {
    await show(eventDetail({ can_sale: 'N', on_sale_start: '2026-12-01T01:00:00.000Z' }));
    expect(screen.getByText(/^กลับมาใหม่ในวันที่ /)).toHaveTextContent('1 ธ.ค. 2569 08:00');
    expect(screen.queryByTestId('face-search')).not.toBeInTheDocument();
  });

  it('says End of Sale once the sale closed', async () => {
    await show(eventDetail({ can_sale: 'Y', close_sale: 'Y' }));
    expect(screen.getByText('ปิดการขายแล้ว')).toBeInTheDocument();
    expect(screen.queryByTestId('face-search')).not.toBeInTheDocument();
  });

  it('links a hybrid event to its unlimited package and a stage event to its stage page', async () => {
    await show(hybridEvent());
    expect(screen.getByRole('link', { name: 'รับแพ็กเกจเหมาทุกภาพ' })).toHaveAttribute(
      'href',
      '/phuket-beach-run-2026/wholesale',
    );
    expect(screen.getByRole('link', { name: 'เลือกภาพเองตามจุดถ่ายภาพ' })).toHaveAttribute(
      'href',
      '/phuket-beach-run-2026/manual',
    );
  });

  it('names the kind of sale of free, free-keep-contract and unlimited events', async () => {
    const { unmount } = await show(eventDetail({ is_free_download: 'Y', package: [] }));
    expect(screen.getByText('งานนี้ดาวน์โหลดภาพได้ฟรี ไม่ต้องชำระเงิน')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'แพ็กเกจราคา' })).not.toBeInTheDocument();
    unmount();
    await show(eventDetail({ is_mhao: 'Y', mhao_price: '399.00' }));
    expect(screen.getByText('เหมาทุกภาพของคุณในราคา ฿399.00')).toBeInTheDocument();
  });

  it('shows the highlight photos in the gallery, lazy and with their boxes set', async () => {
    await show(eventDetail());
    const gallery = await screen.findByRole('list', { name: 'ภาพไฮไลต์ของงาน' });
    const images = within(gallery).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      photoCopyUrl('/storage/bangkok-city-marathon-2026/thumbnail/DSC_1000.JPG'),
      photoCopyUrl('/storage/bangkok-city-marathon-2026/thumbnail/DSC_1003.JPG'),
    ]);
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAccessibleName('ภาพไฮไลต์ 1 จาก 2');
    expect(Number(images[1]?.getAttribute('height'))).toBeGreaterThan(
      Number(images[1]?.getAttribute('width')),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/facesearch/highlight');
    expect(JSON.parse(String(init.body))).toEqual({ event_key: 'bangkok-city-marathon-2026' });
  });

  it('says so when the highlights could not load, and retries', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await show(eventDetail());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('โหลดภาพไฮไลต์ไม่สำเร็จ');
    fireEvent.click(within(alert).getByRole('button', { name: 'ลองใหม่' }));
    expect(await screen.findByRole('list', { name: 'ภาพไฮไลต์ของงาน' })).toBeInTheDocument();
  });

  it('tells an offline visitor the event could not load', async () => {
    await renderEventRoute(() => <EventPage data={{ state: 'offline' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('ไม่สามารถโหลดงานนี้ได้');
  });
});

describe('EventPage consent (SPEC §4)', () => {
  it('asks on the first visit in a modal dialog; accepting is kept for the event', async () => {
    const { unmount } = await show(eventDetail(), { consented: false });
    const dialog = screen.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByText(/รูปเซลฟี่ถูกลบออกจากระบบทันทีที่ค้นหาเสร็จ และไม่เกิน 60 วินาที/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /ข้อกำหนดการใช้งาน/ })).toHaveAttribute(
      'href',
      '/terms-of-use#face-data',
    );
    // The page behind is inert while the dialog is open.
    expect(document.querySelector('.event-page')?.closest('[inert]')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยอมรับ' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('consent_bangkok-city-marathon-2026')).toBe('Y');
    expect(document.querySelector('[inert]')).toBeNull();
    unmount();
    await show(eventDetail(), { consented: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the face consent apart from the terms, unticked: the terms alone keep no face consent', async () => {
    const { unmount } = await show(eventDetail(), { consented: false });
    let dialog = screen.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
    const box = within(dialog).getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ });
    expect(box).not.toBeChecked();
    expect(within(dialog).getByText(new RegExp(`ฉบับ ${PRIVACY_NOTICE_VERSION}`))).toBeInTheDocument();
    expect(within(dialog).getAllByRole('link', { name: /ประกาศความเป็นส่วนตัว/ })[0]).toHaveAttribute(
      'href',
      '/privacy',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยอมรับ' }));
    expect(localStorage.getItem('consent_bangkok-city-marathon-2026')).toBe('Y');
    expect(localStorage.getItem('face_consent')).toBeNull();
    unmount();

    localStorage.removeItem('consent_bangkok-city-marathon-2026');
    await show(eventDetail(), { consented: false });
    dialog = screen.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยอมรับ' }));
    const kept = JSON.parse(localStorage.getItem('face_consent') ?? 'null');
    expect(kept).toMatchObject({ version: PRIVACY_NOTICE_VERSION });
    expect(kept.device).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(Date.parse(kept.given_at)).not.toBeNaN();
  });

  it('is not asked on an event not yet, or no longer, on sale: nothing can be uploaded there', async () => {
    for (const over of [
      { can_sale: 'N' as const, on_sale_start: '2026-12-01T01:00:00.000Z' },
      { can_sale: 'Y' as const, close_sale: 'Y' as const },
    ]) {
      const { unmount } = await show(eventDetail(over), { consented: false });
      expect(screen.queryByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' })).toBeNull();
      unmount();
    }
  });

  it('goes home when declined, and asks again next time', async () => {
    await show(eventDetail(), { consented: false });
    fireEvent.click(screen.getByRole('button', { name: 'ไม่ยอมรับ กลับหน้าแรก' }));
    expect(await screen.findByTestId('page')).toHaveTextContent('home');
    expect(localStorage.getItem('consent_bangkok-city-marathon-2026')).toBeNull();
    // The event page (and its dialog) is unmounted once home has rendered.
    await waitFor(() => expect(document.querySelector('[inert]')).toBeNull());
  });

  it('keeps Tab inside the dialog', async () => {
    await show(eventDetail(), { consented: false });
    const dialog = screen.getByRole('dialog');
    const accept = within(dialog).getByRole('button', { name: 'ยอมรับ' });
    // The first focusable element: the "how face search works" link.
    const link = within(dialog).getAllByRole('link')[0] as HTMLElement;
    accept.focus();
    fireEvent.keyDown(accept, { key: 'Tab' });
    expect(link).toHaveFocus();
    fireEvent.keyDown(link, { key: 'Tab', shiftKey: true });
    expect(accept).toHaveFocus();
  });
});

describe('EventPage forced English (SPEC §2)', () => {
  const taekwondo = eventDetail({
    event_key: '6thinternationalherostaekwondochampionship',
    title: '6th International Heros Taekwondo Championship',
  });

  it('shows that event in English without touching the saved choice, and switches back on leaving', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'th');
    const { unmount, store } = await show(taekwondo);
    expect(await screen.findByText('Sale opens')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(store.get(languageAtom)).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('th');
    unmount();
    await waitFor(() => expect(document.documentElement.lang).toBe('th'));
    expect(store.get(languageAtom)).toBe('th');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('th');
  });

  it('leaves other events in the visitor language', async () => {
    await show(eventDetail());
    await act(async () => undefined);
    expect(screen.getByText('เปิดขาย')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('th');
  });
});

describe('EventPage of an event whose organiser turned face search off', () => {
  it('asks no consent for faces: no selfie is taken there', async () => {
    await show(eventDetail({ face_search: 'N' }), { consented: false });
    expect(screen.getByTestId('face-search')).toHaveTextContent('event:standard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('[inert]')).toBeNull();
  });
});
