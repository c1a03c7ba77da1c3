// A bib search's answer in the panel: a bib the start list does not know is still found and marked so; nothing
// found says why, as far as the store knows; "you may be in these too" comes from the bib search's own, stricter call.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../lib/db/app-db';
import { changeField } from '../../test/change-field';
import { fakeApi, found, photo, renderPanel, reply, testEvent } from './panel-test-kit';

beforeEach(async () => {
  await Promise.all(appDb.tables.map((table) => table.clear()));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bibEvent = () => testEvent({ bib_search: { min_digits: 3, max_digits: 5, by_name: true } });
const searchBib = (text: string) => {
  changeField(screen.getByLabelText('หรือค้นหาด้วยหมายเลขบิบ'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'ค้นหาด้วยบิบ' }));
};
/** The store's answers, and the bib search's nearby call beside them (`nearby` its photos' ids). */
const withApi = (listed: boolean | undefined, ids: number[], nearby: number[] = []) => {
  const calls = fakeApi({
    bib: (bib) =>
      reply(200, { ...found(...ids), bib, ...(listed === undefined ? {} : { on_start_list: listed }) }),
  });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (!url.endsWith('/v1/bibsearch/nearby')) return inner(url, init);
    calls.push({ url, method: 'POST', body: JSON.parse(String(init?.body)) });
    return reply(200, { status: 'success', body: nearby.map((id) => photo(id)) });
  });
  return calls;
};

describe('a bib search’s answer in the panel', () => {
  it('finds a bib that is not on the start list, marked so', async () => {
    withApi(false, [4, 8]);
    await renderPanel({ event: bibEvent() });
    searchBib('777');
    expect(
      await screen.findByRole('heading', { name: 'พบ 2 รูปของหมายเลขบิบ 777 ไม่อยู่ในรายชื่อนักวิ่ง' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/หมายเลขบิบ 777 ไม่อยู่ในรายชื่อนักวิ่งของงานนี้ แต่อ่านได้ในรูปเหล่านี้/)).toBeInTheDocument();
    // A bib on the list: no mark.
    withApi(true, [4]);
    searchBib('1234');
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปของหมายเลขบิบ 1234' })).toBeInTheDocument();
    expect(screen.queryByText(/ไม่อยู่ในรายชื่อนักวิ่ง/)).toBeNull();
  });

  it('says why nothing was found: on the list but in no photo yet, or on neither', async () => {
    withApi(true, []);
    await renderPanel({ event: bibEvent() });
    searchBib('2234');
    expect(
      await screen.findByText(/^หมายเลขบิบ 2234 อยู่ในรายชื่อนักวิ่งของงานนี้ แต่ยังไม่พบในรูปใด/),
    ).toBeInTheDocument();
    withApi(false, []);
    searchBib('4321');
    expect(
      await screen.findByText(/^ไม่มีหมายเลขบิบ 4321 ในรายชื่อนักวิ่งของงานนี้ และไม่พบในรูปใด/),
    ).toBeInTheDocument();
  });

  it('asks the bib search’s own nearby call, with the bib, and says what its photos rest on', async () => {
    const calls = withApi(undefined, [4, 8], [9]);
    await renderPanel({ event: bibEvent() });
    searchBib('1234');
    expect(
      await screen.findByRole('heading', {
        name: 'คุณอาจอยู่ในภาพเหล่านี้ด้วย: 1 รูปที่เห็นใบหน้าเดียวกับในรูปของบิบ 1234 หรือถ่ายห่างจากรูปนั้นไม่กี่วินาที',
      }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/v1/bibsearch/nearby'))?.body).toMatchObject({
        bib: '1234',
        photo_ids: [4, 8],
      }),
    );
    expect(calls.filter((c) => c.url.endsWith('/v2/facesearch/nearby'))).toEqual([]);
  });
});
