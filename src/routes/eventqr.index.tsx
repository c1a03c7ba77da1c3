import { createFileRoute } from '@tanstack/react-router';
import { QrPage } from '../features/qr/QrPage';

// The QR page without its event key: only a console warning (SPEC §2 QR page).
export const Route = createFileRoute('/eventqr/')({
  component: function EventQrWithoutKeyRoute() {
    return <QrPage />;
  },
});
