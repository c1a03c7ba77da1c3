// An event whose organiser turned face search off: the panel offers the bib search alone and says why, in Thai and
// English; no selfie is taken (no picker), and its bib results offer nothing done by face ("this is me", a second
// selfie, an alert).
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeField } from '../../test/change-field';
import { renderPage } from '../../test/render-page';
import { FaceSearchPanel } from './FaceSearchPanel';
import { fakeApi, found, preparePanelTests, reply, testEvent } from './panel-test-kit';

preparePanelTests();

const bibSearch = { min_digits: 3, max_digits: 5, by_name: false };
const render = (
  event = testEvent({ face_search: 'N', bib_search: bibSearch }),
  language: 'th' | 'en' = 'th',
) => renderPage(() => <FaceSearchPanel event={event} variant="event" cartKind="standard" />, { language });

describe('an event without face search', () => {
  it('offers the bib search alone and says why', async () => {
    fakeApi({});
    await render();
    expect(screen.getByRole('heading', { name: 'ค้นหารูปของคุณ' })).toBeInTheDocument();
    expect(screen.getByTestId('face-search-off')).toHaveTextContent(
      'ค้นหาด้วยใบหน้าปิดอยู่สำหรับงานนี้ตามที่ผู้จัดงานกำหนด ค้นหาด้วยหมายเลขบิบได้',
    );
    expect(screen.queryByLabelText('เลือกรูปเซลฟี่')).not.toBeInTheDocument();
    expect(screen.queryByText(/เซลฟี่/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('ค้นหาด้วยหมายเลขบิบ')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByLabelText('หรือค้นหาด้วยหมายเลขบิบ')).not.toBeInTheDocument();
  });

  it('says so in English too', async () => {
    fakeApi({});
    await render(undefined, 'en');
    expect(screen.getByTestId('face-search-off')).toHaveTextContent(
      'Face search is off for this event, as its organiser chose. Search by bib number instead.',
    );
    expect(screen.getByLabelText('Search by bib number')).toBeInTheDocument();
  });

  it('without bib search either, says only that face search is off', async () => {
    fakeApi({});
    await render(testEvent({ face_search: 'N' }));
    expect(screen.getByTestId('face-search-off')).toHaveTextContent(
      /^ค้นหาด้วยใบหน้าปิดอยู่สำหรับงานนี้ตามที่ผู้จัดงานกำหนด$/,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('finds photos by bib, offering nothing done by face with them', async () => {
    const calls = fakeApi({ bib: (bib) => reply(200, { ...found(4, 8), bib }) });
    await render();
    changeField(screen.getByLabelText('ค้นหาด้วยหมายเลขบิบ'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหาด้วยบิบ' }));
    expect(await screen.findByText('พบ 2 รูปของหมายเลขบิบ 1234')).toBeInTheDocument();
    // Nothing by face is asked (the photographers' frames around the photos are by time, not by face).
    expect(calls.map((c) => c.url).filter((u) => /facesearch(?!\/nearby)/.test(u))).toEqual([]);
    expect(screen.queryByRole('button', { name: /ใช่ฉัน/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ไม่ใช่ฉัน/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/เซลฟี่/)).not.toBeInTheDocument();
    // No alert is offered: an alert needs a selfie (the offer would have loaded with the answer).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText(/แจ้งฉัน|แจ้งคุณ/)).not.toBeInTheDocument();
  });

  it('an event with face search (or an older answer without the field) keeps the selfie', async () => {
    fakeApi({});
    await render(testEvent({ bib_search: bibSearch }));
    expect(screen.getByLabelText('เลือกรูปเซลฟี่')).toBeInTheDocument();
    expect(screen.getByLabelText('หรือค้นหาด้วยหมายเลขบิบ')).toBeInTheDocument();
    expect(screen.queryByTestId('face-search-off')).not.toBeInTheDocument();
  });
});
