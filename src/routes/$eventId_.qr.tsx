import { createFileRoute } from '@tanstack/react-router';
import { QrPage } from '../features/qr/QrPage';

// {q}/qr: the same page as eventqr/{q}.
export const Route = createFileRoute('/$eventId_/qr')({
  component: function EventQrSuffixRoute() {
    return <QrPage q={Route.useParams().eventId} />;
  },
});
