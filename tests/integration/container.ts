import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';

/** An Astro container that also renders the React islands a page carries (server-rendered HTML first). */
export async function createContainer(): Promise<AstroContainer> {
  return AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
}
