// Search by bib number beside the selfie, into the same results; by name through the start list; and a face
// search's photos found by the runner's bib, marked.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FaceSearchAnswer } from '../../../core/contract/facesearch';
import { changeField } from '../../test/change-field';
import { renderPage } from '../../test/render-page';
import { readList } from '../cart/cart-store';
import { BibNotFound, BibResultsHeading } from './BibSearch';
import {
  fakeApi,
  found,
  jpegFile,
  photo,
  picker,
  preparePanelTests,
  renderPanel,
  reply,
  testEvent,
} from './panel-test-kit';

const compressSelfie = vi.hoisted(() => vi.fn());
vi.mock('./compress-selfie', () => ({ compressSelfie }));

preparePanelTests(compressSelfie);

const bibEvent = (byName = false, range?: { from: number; to: number }) =>
  testEvent({ bib_search: { min_digits: 3, max_digits: 5, by_name: byName, ...(range ? { range } : {}) } });
const bibAnswer = (bib: string, ...ids: number[]) => ({ ...found(...ids), bib });
const bibField = () => screen.getByLabelText('หรือค้นหาด้วยหมายเลขบิบ') as HTMLInputElement;
const searchBib = (text: string) => {
  changeField(bibField(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'ค้นหาด้วยบิบ' }));
};
const latest = async () => (await readList('cart_latest', 'standard')).map((p) => p.id);

describe('search by bib number', () => {
  it('is offered only where the event reads bibs, with a numeric keypad', async () => {
    fakeApi({});
    const { unmount } = await renderPanel();
    expect(screen.queryByLabelText('หรือค้นหาด้วยหมายเลขบิบ')).not.toBeInTheDocument();
    unmount();
    await renderPanel({ event: bibEvent() });
    expect(bibField()).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByText('ไม่รู้หมายเลขบิบ? ค้นหาด้วยชื่อ')).not.toBeInTheDocument();
  });

  it('shows the bib’s photos in the results, kept as the latest results; Thai digits too', async () => {
    const calls = fakeApi({ bib: (bib) => reply(200, bibAnswer(bib, 4, 8, 9)) });
    await renderPanel({ event: bibEvent() });
    searchBib('๑๒๓๔');
    expect(await screen.findByRole('heading', { name: 'พบ 3 รูปของหมายเลขบิบ 1234' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/v1/bibsearch')).map((c) => c.body)).toEqual([
      { event_key: 'event-1', bib: '1234' },
    ]);
    expect(screen.getAllByRole('button', { name: /^ดูรูปที่ \d ขนาดใหญ่$/ })).toHaveLength(3);
    await waitFor(async () => expect(await latest()).toEqual([4, 8, 9]));
  });

  it('shows the frames of the runner\'s finish apart; "this is me" moves one up into the photos kept', async () => {
    fakeApi({ bib: (bib) => reply(200, { ...bibAnswer(bib, 4), finish_images: [photo(21), photo(22)] }) });
    await renderPanel({ event: bibEvent() });
    searchBib('1234');
    const finish = await screen.findByTestId('finish-frames');
    expect(within(finish).getByRole('heading', { name: 'ที่เส้นชัย อาจเป็นคุณ (2 รูป)' })).toBeInTheDocument();
    expect(within(finish).getByText(/ช่างภาพที่เส้นชัยถ่ายรูปเหล่านี้/)).toBeInTheDocument();
    await waitFor(async () => expect(await latest()).toEqual([4]));
    // The second photo shown (the first frame): the runner says it is them.
    fireEvent.click(screen.getByRole('button', { name: 'ใช่คุณไหม? รูปที่ 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'ใช่ฉัน รูปที่ 2' }));
    await waitFor(async () => expect(await latest()).toEqual([4, 21]));
    expect(
      within(screen.getByTestId('finish-frames')).getByRole('heading', { name: 'ที่เส้นชัย อาจเป็นคุณ (1 รูป)' }),
    ).toBeInTheDocument();
  });

  it('says what a bib is before sending a number that cannot be one, in the event’s digits and range', async () => {
    const calls = fakeApi({ bib: (bib) => reply(200, bibAnswer(bib, 4)) });
    await renderPanel({ event: bibEvent(false, { from: 100, to: 5000 }) });
    for (const text of ['12', '123456', 'abc', '', '99']) {
      searchBib(text);
      expect(
        await screen.findByText('กรุณากรอกหมายเลขบนบิบของคุณ เป็นตัวเลข 3–5 หลัก ระหว่าง 100 ถึง 5000'),
      ).toHaveAttribute('role', 'alert');
      expect(bibField()).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls.filter((c) => c.url.endsWith('/v1/bibsearch'))).toEqual([]);
    // Typing again clears the message.
    changeField(bibField(), { target: { value: '1' } });
    expect(screen.queryByText(/กรุณากรอกหมายเลขบนบิบ/)).not.toBeInTheDocument();
  });

  it('tells a runner whose bib is not found so, with the contact offer; an error says try again', async () => {
    let fail = false;
    fakeApi({
      bib: (bib) => (fail ? reply(500, { status: 'error', message: 'x' }) : reply(200, bibAnswer(bib))),
    });
    await renderPanel({ event: bibEvent() });
    searchBib('777');
    expect(
      await screen.findByText('ไม่พบรูปของหมายเลขบิบ 777 ในงานนี้ บิบอาจถูกบังหรือรูปยังอัปโหลดไม่ครบ ลองค้นหาด้วยรูปเซลฟี่'),
    ).toBeInTheDocument();
    fail = true;
    searchBib('778');
    expect(await screen.findByText('เกิดข้อผิดพลาดจากการค้นหา กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
  });

  it('finds a runner’s bib by name when the event has a start list, and searches it', async () => {
    const calls = fakeApi({
      runners: (name) =>
        reply(200, {
          status: 'success',
          body: name === 'สมชาย' ? [{ bib: '1234', name: 'สมชาย ใ.', category: '10K' }] : [],
        }),
      bib: (bib) => reply(200, bibAnswer(bib, 4)),
    });
    await renderPanel({ event: bibEvent(true) });
    fireEvent.click(screen.getByText('ไม่รู้หมายเลขบิบ? ค้นหาด้วยชื่อ'));
    const name = screen.getByLabelText('ชื่อจริงของคุณ');
    // The rule is said beside the field, and checked before anything is sent: three letters as a person counts
    // them ("ชื่" is one).
    expect(name).toHaveAccessibleDescription(
      'พิมพ์ชื่อจริงอย่างน้อย 3 ตัวอักษร ถ้าชื่อสั้นกว่านั้น เว้นวรรคแล้วเติมตัวแรกของนามสกุล',
    );
    for (const typed of ['ส', 'ชื่อ', 'So ']) {
      changeField(name, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'ค้นหาชื่อ' }));
      expect(await screen.findByText('กรุณาพิมพ์ชื่อจริงอย่างน้อย 3 ตัวอักษร')).toBeInTheDocument();
    }
    expect(calls.filter((c) => c.url.endsWith('/v1/bibsearch/runners'))).toEqual([]);
    changeField(name, { target: { value: 'ไม่มี' } });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหาชื่อ' }));
    expect(await screen.findByText('ไม่พบชื่อนี้ในรายชื่อนักวิ่งของงาน ลองพิมพ์เฉพาะตอนต้นของชื่อจริง')).toBeInTheDocument();
    changeField(name, { target: { value: 'สมชาย' } });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหาชื่อ' }));
    const runner = await screen.findByRole('button', { name: /สมชาย ใ\./ });
    expect(runner).toHaveTextContent('บิบ 1234 · 10K');
    fireEvent.click(runner);
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปของหมายเลขบิบ 1234' })).toBeInTheDocument();
    expect(bibField().value).toBe('1234');
    expect(calls.filter((c) => c.url.endsWith('/v1/bibsearch')).map((c) => c.body)).toEqual([
      { event_key: 'event-1', bib: '1234' },
    ]);
  });
});

describe('the name search refused', () => {
  const refusal = (status: number, code?: string) =>
    reply(status, { status: 'error', message: 'refused', ...(code ? { code } : {}) });
  const searchName = async (typed: string) => {
    fireEvent.click(screen.getByText('ไม่รู้หมายเลขบิบ? ค้นหาด้วยชื่อ'));
    changeField(screen.getByLabelText('ชื่อจริงของคุณ'), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหาชื่อ' }));
  };

  it('says when the event’s name searches of the day are used up, and what to do instead', async () => {
    fakeApi({ runners: () => refusal(429, 'name-search-closed') });
    await renderPanel({ event: bibEvent(true) });
    await searchName('Somsak');
    expect(
      await screen.findByText(
        'การค้นหาด้วยชื่อของงานนี้ครบจำนวนของวันนี้แล้ว กรุณาค้นหาด้วยหมายเลขบิบหรือเซลฟี่ หรือลองใหม่พรุ่งนี้',
      ),
    ).toBeInTheDocument();
  });

  it('asks to wait when this runner searched too often, and says the rule when the server counts fewer letters', async () => {
    let answer = refusal(429);
    fakeApi({ runners: () => answer });
    await renderPanel({ event: bibEvent(true) });
    await searchName('Somsak');
    expect(await screen.findByText('ค้นหาชื่อบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่')).toBeInTheDocument();
    answer = refusal(400, 'name-too-short');
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหาชื่อ' }));
    expect(await screen.findByText('กรุณาพิมพ์ชื่อจริงอย่างน้อย 3 ตัวอักษร')).toBeInTheDocument();
  });
});

describe('a face search with the runner’s bib', () => {
  it('adds the photos found by the bib alone to the photos of you, marked with it', async () => {
    const answer: FaceSearchAnswer = {
      ...found(5, 7),
      runner_bib: '1234',
      bib_images: [photo(9), photo(11)],
    };
    fakeApi({ search: () => reply(200, answer) });
    await renderPanel({ event: bibEvent() });
    changeField(picker(), { target: { files: [jpegFile()] } });
    expect(await screen.findByRole('heading', { name: 'พบ 4 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.getByText('รวม 2 รูปที่พบจากหมายเลขบิบ 1234 ของคุณ เช่น รูปที่ไม่เห็นหน้า')).toBeInTheDocument();
    const marked = screen.getAllByText('พบจากบิบ 1234').map((badge) => badge.closest('li') as HTMLElement);
    expect(marked).toHaveLength(2);
    expect(
      within(marked[0] as HTMLElement).getByRole('button', { name: 'ดูรูปที่ 3 ขนาดใหญ่' }),
    ).toBeInTheDocument();
    expect(
      within(marked[1] as HTMLElement).getByRole('button', { name: 'ดูรูปที่ 4 ขนาดใหญ่' }),
    ).toBeInTheDocument();
    // They are among the results buy-all takes.
    await waitFor(async () => expect(await latest()).toEqual([5, 7, 9, 11]));
  });
});

describe('a bib search’s answer, as the results say it', () => {
  it('marks a bib the start list does not know, still found, in Thai and English', async () => {
    const { unmount } = await renderPage(() => (
      <BibResultsHeading bib="777" count={2} standing="not-listed" />
    ));
    expect(screen.getByRole('heading', { name: 'พบ 2 รูปของหมายเลขบิบ 777 ไม่อยู่ในรายชื่อนักวิ่ง' })).toBeVisible();
    expect(screen.getByText(/หมายเลขบิบ 777 ไม่อยู่ในรายชื่อนักวิ่งของงานนี้ แต่อ่านได้ในรูปเหล่านี้/)).toBeVisible();
    unmount();
    await renderPage(() => <BibResultsHeading bib="777" count={1} standing="not-listed" />, {
      language: 'en',
    });
    expect(
      screen.getByRole('heading', { name: 'Found 1 photo of bib number 777 not on the start list' }),
    ).toBeVisible();
    expect(
      screen.getByText(/Bib number 777 is not on this event's start list, but it was read in these photos/),
    ).toBeVisible();
  });

  it('says nothing of the start list for a bib on it, or at an event without one', async () => {
    const { unmount } = await renderPage(() => <BibResultsHeading bib="1234" count={3} standing="listed" />);
    expect(screen.getByRole('heading', { name: 'พบ 3 รูปของหมายเลขบิบ 1234' })).toBeVisible();
    expect(screen.queryByText(/รายชื่อนักวิ่ง/)).toBeNull();
    unmount();
    await renderPage(() => <BibResultsHeading bib="1234" count={3} standing={undefined} />, {
      language: 'en',
    });
    expect(screen.getByRole('heading', { name: 'Found 3 photos of bib number 1234' })).toBeVisible();
    expect(screen.queryByText(/start list/)).toBeNull();
  });

  it('says honestly why nothing was found: on the list but in no photo yet, on neither, or no list', async () => {
    const said = async (standing: 'listed' | 'not-listed' | undefined, language: 'th' | 'en') => {
      const { container, unmount } = await renderPage(() => <BibNotFound bib="4321" standing={standing} />, {
        language,
      });
      const text = container.textContent ?? '';
      unmount();
      return text;
    };
    expect(await said('listed', 'th')).toBe(
      'หมายเลขบิบ 4321 อยู่ในรายชื่อนักวิ่งของงานนี้ แต่ยังไม่พบในรูปใด บิบอาจถูกบังในรูป หรือรูปยังอัปโหลดไม่ครบ ลองค้นหาด้วยรูปเซลฟี่ หรือกลับมาค้นหาใหม่ภายหลัง',
    );
    expect(await said('not-listed', 'th')).toBe(
      'ไม่มีหมายเลขบิบ 4321 ในรายชื่อนักวิ่งของงานนี้ และไม่พบในรูปใด ตรวจหมายเลขบนบิบของคุณอีกครั้ง หรือค้นหาด้วยรูปเซลฟี่',
    );
    expect(await said(undefined, 'th')).toBe(
      'ไม่พบรูปของหมายเลขบิบ 4321 ในงานนี้ บิบอาจถูกบังหรือรูปยังอัปโหลดไม่ครบ ลองค้นหาด้วยรูปเซลฟี่',
    );
    expect(await said('listed', 'en')).toMatch(
      /^Bib number 4321 is on this event's start list, but no photo shows it yet/,
    );
    expect(await said('not-listed', 'en')).toMatch(
      /^Bib number 4321 is not on this event's start list, and no photo shows it\. Check the number on your bib/,
    );
  });
});
