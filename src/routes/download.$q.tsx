import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../features/order/OrderPage';

// /download/{q}: the order payment and download page (SPEC §2); q is the order uuid.
export const Route = createFileRoute('/download/$q')({
  component: function OrderRoute() {
    return <OrderPage q={Route.useParams().q} />;
  },
});
