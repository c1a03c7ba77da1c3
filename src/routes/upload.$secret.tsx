import { createFileRoute } from '@tanstack/react-router';
import { UploadPage } from '../features/uploads/UploadPage';

export const Route = createFileRoute('/upload/$secret')({
  component: function UploadRoute() {
    const { secret } = Route.useParams();
    return <UploadPage secret={secret} />;
  },
});
