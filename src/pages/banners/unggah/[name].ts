import type { APIRoute } from 'astro';
import { BANNER_AREA } from '../../../server/services/banner/banner-images';
import { storedImageResponse } from '../../../server/stored-image';

/** An uploaded banner image: banners are public (the carousel). */
export const GET = (({ params }) => storedImageResponse(BANNER_AREA, params.name ?? '')) satisfies APIRoute;
