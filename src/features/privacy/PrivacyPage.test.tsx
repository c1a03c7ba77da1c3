// The privacy notice names the controller, its contact, the kept days and the storage region from the settings,
// the notice's version, and links each right to where it is used, in Thai and English.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import { renderPage } from '../../test/render-page';
import { PrivacyPage } from './PrivacyPage';

const privacy = vi.hoisted(() => ({
  current: {
    controller: 'บริษัท วิ่งดี จำกัด',
    contactEmail: 'dpo@example.com',
    storageRegion: 'ap-southeast-1',
    retentionDays: 45,
    orderContactDays: 700,
  },
}));
vi.mock('../../lib/app-settings', async (original) => {
  const real = await original<typeof import('../../lib/app-settings')>();
  return {
    ...real,
    get appSettings() {
      return { ...real.appSettings, privacy: privacy.current, support: { email: 'help@example.com' } };
    },
  };
});

beforeEach(() => {
  privacy.current = {
    controller: 'บริษัท วิ่งดี จำกัด',
    contactEmail: 'dpo@example.com',
    storageRegion: 'ap-southeast-1',
    retentionDays: 45,
    orderContactDays: 700,
  };
});

describe('PrivacyPage', () => {
  it('says who, what, why, how long, where and the rights, from the settings, in Thai', async () => {
    await renderPage(PrivacyPage, { language: 'th' });
    expect(screen.getByRole('heading', { level: 1, name: 'ประกาศความเป็นส่วนตัว' })).toBeInTheDocument();
    expect(screen.getByText('ผู้ควบคุมข้อมูลส่วนบุคคล: บริษัท วิ่งดี จำกัด')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dpo@example.com' })).toHaveAttribute(
      'href',
      'mailto:dpo@example.com',
    );
    expect(screen.getByText('เท่ากับภาพของงาน: 45 วันหลังวันจัดงาน แล้วลบพร้อมภาพ')).toBeInTheDocument();
    expect(screen.getByText(/เบอร์โทรศัพท์และอีเมลเก็บ 700 วัน แล้วถูกลบ/)).toBeInTheDocument();
    expect(screen.getByText(/ลบทันทีที่ค้นหาเสร็จ และไม่เกิน 60 วินาทีหลังอัปโหลด/)).toBeInTheDocument();
    expect(screen.getByText(/ภูมิภาค ap-southeast-1/)).toBeInTheDocument();
    expect(screen.getAllByText(/มาตรา 26/).length).toBeGreaterThan(0);
    expect(screen.getByText(new RegExp(`ประกาศฉบับ ${PRIVACY_NOTICE_VERSION} ลงวันที่`))).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'ข้อมูลของฉัน' }))
      expect(link).toHaveAttribute('href', '/privacy/my-data');
    expect(screen.getByRole('link', { name: 'นำใบหน้าของฉันออก' })).toHaveAttribute('href', '/privacy/remove');
    expect(screen.getByRole('link', { name: 'pdpc.or.th' })).toHaveAttribute(
      'href',
      'https://www.pdpc.or.th',
    );
    expect(screen.getByRole('button', { name: 'ถอนความยินยอมให้ใช้ใบหน้าของฉัน' })).toBeInTheDocument();
  });

  it('reads the same in English', async () => {
    await renderPage(PrivacyPage, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByText('Data controller: บริษัท วิ่งดี จำกัด')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dpo@example.com' })).toHaveAttribute(
      'href',
      'mailto:dpo@example.com',
    );
    expect(
      screen.getByText("As long as the event's photos: 45 days after the event, then deleted with them"),
    ).toBeInTheDocument();
    expect(screen.getByText(/Phones and e-mails are kept 700 days, then erased/)).toBeInTheDocument();
    expect(screen.getByText(/region ap-southeast-1/)).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`Notice version ${PRIVACY_NOTICE_VERSION}, dated`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Remove my face' })).toHaveAttribute('href', '/privacy/remove');
    expect(screen.getByRole('button', { name: 'Withdraw my face consent' })).toBeInTheDocument();
  });

  it('without a controller, contact or object store: the store’s operator, its support channels, its own server', async () => {
    privacy.current = {
      controller: '',
      contactEmail: '',
      storageRegion: '',
      retentionDays: 35,
      orderContactDays: 730,
    };
    await renderPage(PrivacyPage, { language: 'en' });
    expect(screen.getByText('Data controller: the operator of this store')).toBeInTheDocument();
    expect(screen.getByText("Contact about personal data through the store's channels:")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /help@example\.com/ })).toBeInTheDocument();
    expect(screen.getByText(/stored on the store's own server/)).toBeInTheDocument();
  });
});
