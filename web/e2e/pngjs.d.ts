/** The part of pngjs (installed with the workspace's tools, without types of its own) with which the comparison's test draws its pictures. */
declare module 'pngjs' {
  export class PNG {
    constructor(options: { width: number; height: number });
    width: number;
    height: number;
    /** 4 bytes a pixel: red, green, blue, alpha */
    data: Buffer;
    static sync: {
      read(buffer: Buffer): PNG;
      write(png: PNG): Buffer;
    };
  }
}
