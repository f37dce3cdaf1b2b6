/** Request schema of /api/admin/preview (ADR 013, 018). */
import { z } from 'zod';
import { htmlField } from './fields';

export const previewBody = z.strictObject({ content: htmlField }, { message: 'Unknown field.' });
