/**
 * How wide the product gallery draws its first image, per layout (the `sizes` of its srcset):
 * the page width on phones, half the content column (max 1200 px) from 800 px. Shared by the
 * gallery and the page's preload of that image, which must ask for the same file.
 */
export const GALLERY_SIZES = '(min-width: 1240px) 600px, (min-width: 800px) 50vw, 100vw';
