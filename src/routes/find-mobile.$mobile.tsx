import { createFileRoute } from '@tanstack/react-router';
import { FindOrderPage } from '../features/find-order/FindOrderPage';

export const Route = createFileRoute('/find-mobile/$mobile')({
  component: function FindMobileRoute() {
    const { mobile } = Route.useParams();
    return <FindOrderPage mobile={mobile} />;
  },
});
