import { createFileRoute } from '@tanstack/react-router';
import { MansonryPage } from '../features/gallery/MansonryPage';

export const Route = createFileRoute('/mansonry')({ component: MansonryPage });
