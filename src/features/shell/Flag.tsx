// Small inline flags (emoji flags do not render on every system).
export function Flag({ code }: { code: 'th' | 'us' }) {
  if (code === 'th') {
    return (
      <svg className="flag" viewBox="0 0 30 20" aria-hidden="true" width="24" height="16">
        <rect width="30" height="20" fill="#a51931" />
        <rect y="3.33" width="30" height="13.33" fill="#f4f5f8" />
        <rect y="6.67" width="30" height="6.67" fill="#2d2a4a" />
      </svg>
    );
  }
  return (
    <svg className="flag" viewBox="0 0 30 20" aria-hidden="true" width="24" height="16">
      <rect width="30" height="20" fill="#b22234" />
      {[1, 3, 5, 7, 9, 11].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#fff" />
      ))}
      <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
    </svg>
  );
}
