// Page numbers a pager shows: the first and last `margin` pages, `range` pages around the current one,
// and a gap marker where pages are left out (a gap of one page shows that page instead).
export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pagerItems(current: number, totalPages: number, range: number, margin: number): PagerItem[] {
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, totalPages); p++) shown.add(p);
  for (let p = Math.max(1, totalPages - margin + 1); p <= totalPages; p++) shown.add(p);
  let start = Math.max(1, current - Math.floor((range - 1) / 2));
  const end = Math.min(totalPages, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let p = start; p <= end; p++) shown.add(p);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous === 2) items.push({ kind: 'page', page: page - 1 });
    else if (previous !== undefined && page - previous > 2)
      items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
  });
  return items;
}
