import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';
import { MansonryPage } from './MansonryPage';
import { type GalleryPhoto, MasonryGallery } from './MasonryGallery';

const photos: GalleryPhoto[] = [
  { key: 'a', thumbnail: '/t/a.jpg', preview: '/p/a.jpg', alt: 'ภาพ A', width: 600, height: 400 },
  { key: 'b', thumbnail: '/t/b.jpg', preview: '/p/b.jpg', alt: 'ภาพ B', width: 400, height: 600 },
  { key: 'c', thumbnail: '/t/c.jpg', preview: '/p/c.jpg', alt: 'ภาพ C' },
];

describe('MasonryGallery', () => {
  it('lays photos out in boxes of their own shape before they load, lazily', async () => {
    // jsdom's window is 1024 px wide: 5 columns of (1024 - 4 * 5) / 5 = 200.8 px.
    await renderPage(() => <MasonryGallery photos={photos} label="แกลเลอรี" />);
    const list = screen.getByRole('list', { name: 'แกลเลอรี' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.style.width)).toEqual(['200.8px', '200.8px', '200.8px']);
    expect(items.map((li) => li.style.left)).toEqual(['0px', '205.8px', '411.6px']);
    const [a, b, c] = within(list).getAllByRole('img');
    expect(a).toHaveAttribute('loading', 'lazy');
    expect([a?.getAttribute('width'), a?.getAttribute('height')]).toEqual(['201', '134']);
    expect([b?.getAttribute('width'), b?.getAttribute('height')]).toEqual(['201', '301']);
    // Unknown size: a 3:2 box.
    expect([c?.getAttribute('width'), c?.getAttribute('height')]).toEqual(['201', '134']);
  });

  it('opens the larger preview from a photo button and gives focus back when closed', async () => {
    await renderPage(() => <MasonryGallery photos={photos} label="แกลเลอรี" />);
    const button = screen.getByRole('button', { name: 'ภาพ B' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'ภาพขนาดใหญ่' });
    expect(within(dialog).getByRole('img', { name: 'ภาพ B' })).toHaveAttribute('src', '/p/b.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ปิด' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});

describe('MansonryPage', () => {
  it('shows the twelve fixed sample images with their sizes', async () => {
    await renderPage(MansonryPage);
    expect(screen.getByRole('heading', { level: 1, name: 'ตัวอย่างแกลเลอรีภาพ' })).toBeInTheDocument();
    const images = within(screen.getByRole('list', { name: 'ภาพตัวอย่าง' })).getAllByRole('img');
    expect(images).toHaveLength(12);
    expect(images[0]).toHaveAttribute('src', '/mansonry/sample-01.jpg');
    expect(images[0]).toHaveAccessibleName('ภาพตัวอย่าง 1 จาก 12');
    expect(document.title).toBe('ตัวอย่างแกลเลอรีภาพ | RunFoto');
  });
});
