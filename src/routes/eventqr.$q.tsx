import { createFileRoute } from '@tanstack/react-router';
import { QrPage } from '../features/qr/QrPage';

export const Route = createFileRoute('/eventqr/$q')({
  component: function EventQrRoute() {
    return <QrPage q={Route.useParams().q} />;
  },
});
