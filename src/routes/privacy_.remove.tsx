import { createFileRoute } from '@tanstack/react-router';
import { RemoveFacePage } from '../features/privacy/RemoveFacePage';

// /privacy/remove: a runner's face taken out of search and blurred in previews, after a code; and undoing it.
export const Route = createFileRoute('/privacy_/remove')({ component: () => <RemoveFacePage /> });
