import { createFileRoute } from '@tanstack/react-router';
import { HowFaceSearchWorksPage } from '../features/pages/HowFaceSearchWorksPage';

export const Route = createFileRoute('/how-face-search-works')({ component: HowFaceSearchWorksPage });
