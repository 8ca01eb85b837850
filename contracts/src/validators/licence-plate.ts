import { z } from 'zod';
import { licencePlateMaxLength, licencePlateMinLength, normaliseLicencePlate } from './licence-plate-text';

export { licencePlateMaxLength, licencePlateMinLength, normaliseLicencePlate } from './licence-plate-text';

/** §5 licence plate: strip everything but letters, digits and äöüÄÖÜ; 1 to 30 characters remain. */
const licencePlateMessage = `Expected a licence plate of ${licencePlateMinLength} to ${licencePlateMaxLength} letters or digits`;

/** "ZH 123-456" -> "ZH123456". */
export const licencePlate = z
  .string({ error: licencePlateMessage })
  .transform(normaliseLicencePlate)
  .pipe(
    z
      .string()
      .min(licencePlateMinLength, licencePlateMessage)
      .max(licencePlateMaxLength, licencePlateMessage),
  );
