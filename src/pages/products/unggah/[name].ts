import type { APIRoute } from 'astro';
import { PRODUCT_IMAGE_AREA } from '../../../server/services/produk/product-images';
import { storedImageResponse } from '../../../server/stored-image';

/** An uploaded product picture: public like the catalogue's own (/products/*.svg). */
export const GET = (({ params }) => storedImageResponse(PRODUCT_IMAGE_AREA, params.name ?? '')) satisfies APIRoute;
