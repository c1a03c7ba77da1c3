import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storedLanguage } from '../../lib/i18n';
import { renderPage } from '../../test/render-page';
import { RefundPolicyPage } from './RefundPolicyPage';

const storage = (value: string | null) => ({ getItem: () => value });

describe('RefundPolicyPage', () => {
  it('is in English when the stored language is en', async () => {
    await renderPage(RefundPolicyPage, { language: storedLanguage(storage('en')) });
    expect(screen.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeInTheDocument();
    expect(
      screen.getByText('A fault in our system means we cannot deliver the photos of your order.'),
    ).toBeVisible();
    expect(
      screen.getByText('A photo you received is unclear or blurred, and you ask for a refund for it.'),
    ).toBeVisible();
    expect(document.title).toBe('Refund policy | RunFoto');
  });

  it.each([null, 'th', 'fr'])('is in Thai when the stored language is %s', async (stored) => {
    await renderPage(RefundPolicyPage, { language: storedLanguage(storage(stored)) });
    expect(screen.getByRole('heading', { level: 1, name: 'นโยบายการคืนเงิน' })).toBeInTheDocument();
    expect(screen.getByText('ระบบของเราขัดข้องจนไม่สามารถส่งภาพตามคำสั่งซื้อให้คุณได้')).toBeVisible();
    expect(screen.getByText('ภาพที่ได้รับไม่ชัดหรือเบลอ และคุณแจ้งขอคืนเงินสำหรับภาพนั้น')).toBeVisible();
    expect(screen.queryByText(/Refund policy/)).not.toBeInTheDocument();
  });

  it('refunds only the two cases of the policy', async () => {
    await renderPage(RefundPolicyPage, { language: 'en' });
    const [cases] = screen.getAllByRole('list');
    expect(cases?.querySelectorAll('li')).toHaveLength(2);
  });
});
