import { uploadedFile, uploadedImage } from './uploaded-file';

const valid = {
  buffer: Buffer.from([0xff, 0xd8, 0xff]),
  encoding: '7bit',
  fieldname: 'photo',
  mimetype: 'image/jpeg',
  originalname: 'me.jpg',
  size: 3,
};

describe('uploadedFile', () => {
  it('accepts a file with a non-empty buffer', () => {
    expect(uploadedFile().parse(valid)).toEqual(valid);
    expect(uploadedImage.parse(valid)).toEqual(valid);
  });

  it.each([
    ['a string', 'abc', 'Expected a Buffer'],
    ['a Uint8Array', new Uint8Array([1]), 'Expected a Buffer'],
    ['missing', undefined, 'Expected a Buffer'],
    ['empty', Buffer.alloc(0), 'Expected a non-empty Buffer'],
  ])('rejects a buffer that is %s', (_label, buffer, message) => {
    const issue = uploadedFile().safeParse({ ...valid, buffer }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['buffer'], message });
  });

  it('restricts the mimetype to the allowed list', () => {
    const pdfOnly = uploadedFile({ allowedMimetypes: ['application/pdf'] });
    expect(pdfOnly.safeParse(valid).error?.issues[0]?.message).toBe('Expected one of application/pdf');
    expect(uploadedImage.safeParse({ ...valid, mimetype: 'image/gif' }).error?.issues[0]?.message).toBe(
      'Expected one of image/jpeg, image/png, image/webp',
    );
  });

  it('requires the other multer fields', () => {
    const { fieldname: _dropped, ...withoutFieldname } = valid;
    expect(uploadedFile().safeParse(withoutFieldname).success).toBe(false);
    expect(uploadedFile().safeParse({ ...valid, size: -1 }).success).toBe(false);
  });
});
