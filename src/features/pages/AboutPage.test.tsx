import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SupportChannels as Channels } from '../../../core/contract/settings';
import { lineIdUrl, SupportChannels, telUrl } from '../../lib/ui/SupportChannels';
import { renderPage } from '../../test/render-page';
import { AboutPage } from './AboutPage';

const ALL: Channels = {
  lineId: '@runfoto',
  lineUrl: 'https://lin.ee/AbCdEf',
  facebookUrl: 'https://www.facebook.com/runfoto/',
  phone: '02-123-4567',
  email: 'help@runfoto.example',
};

const channels = (support: Channels) => () => <SupportChannels support={support} />;

describe('SupportChannels', () => {
  it('lists every configured channel as a link, in Thai', async () => {
    await renderPage(channels(ALL), { language: 'th' });
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'LINE: @runfoto',
      'เพจ Facebook: www.facebook.com/runfoto',
      'โทรศัพท์: 02-123-4567',
      'อีเมล: help@runfoto.example',
    ]);
    // The configured LINE link wins over the id's own; web links leave in a new tab, tel: and mailto: do not.
    const line = screen.getByRole('link', { name: '@runfoto' });
    expect(line).toHaveAttribute('href', 'https://lin.ee/AbCdEf');
    expect(line).toHaveAttribute('target', '_blank');
    expect(line).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'www.facebook.com/runfoto' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/runfoto/',
    );
    const phone = screen.getByRole('link', { name: '02-123-4567' });
    expect(phone).toHaveAttribute('href', 'tel:021234567');
    expect(phone).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'help@runfoto.example' })).toHaveAttribute(
      'href',
      'mailto:help@runfoto.example',
    );
  });

  it('is in English when the language is English', async () => {
    await renderPage(channels(ALL), { language: 'en' });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'LINE: @runfoto',
      'Facebook page: www.facebook.com/runfoto',
      'Phone: 02-123-4567',
      'E-mail: help@runfoto.example',
    ]);
  });

  it('shows only the channels given, and a LINE link without an id by its address', async () => {
    await renderPage(channels({ lineUrl: 'https://line.me/R/ti/p/%40runfoto' }), { language: 'en' });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'line.me/R/ti/p/%40runfoto' })).toHaveAttribute(
      'href',
      'https://line.me/R/ti/p/%40runfoto',
    );
  });

  it('links a LINE id alone to LINE, and dials the digits of a phone number', () => {
    expect(lineIdUrl('@runfoto')).toBe('https://line.me/R/ti/p/%40runfoto');
    expect(lineIdUrl('runfoto.th')).toBe('https://line.me/R/ti/p/~runfoto.th');
    expect(telUrl('+66 (2) 123-4567')).toBe('tel:+6621234567');
  });

  it('draws nothing when no channel is configured', async () => {
    const { container } = await renderPage(channels({}), { language: 'th' });
    expect(container.querySelector('ul')).toBeNull();
  });
});

describe('AboutPage', () => {
  it('keeps the contact section and its links with the default settings (no channels)', async () => {
    await renderPage(AboutPage, { language: 'th' });
    const contact = screen.getByRole('region', { name: 'ติดต่อเรา' });
    expect(within(contact).getByRole('link', { name: 'ค้นหาคำสั่งซื้อ' })).toHaveAttribute('href', '/find-order');
    expect(within(contact).getByRole('link', { name: 'วิธีสั่งซื้อภาพ' })).toHaveAttribute('href', '/how-to-order');
    expect(contact.querySelector('.support-channels')).toBeNull();
  });
});
