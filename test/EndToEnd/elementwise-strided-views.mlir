// Elementwise template on views (rows inside wider buffers): the fat
// buffer of a view covers size x stride bytes, more than the view holds, so
// runs that straddle a row's end are read element by element with every
// index checked (the emulator reports any read past the memory behind a
// buffer); a transpose between views through the LDS tile.
// RUN: wmma-run %s --func copy --chip gfx1100 | FileCheck %s --check-prefix=COPY
// RUN: wmma-run %s --func copy --chip gfx1201 | FileCheck %s --check-prefix=COPY
// RUN: wmma-run %s --func transpose --chip gfx1100 | FileCheck %s --check-prefix=TRANS
// RUN: wmma-run %s --func transpose --chip gfx1201 | FileCheck %s --check-prefix=TRANS
// COPY: output Y [13x9 f32]: max abs err 0, {{.*}} -> PASS
// COPY: {{^}}PASS
// TRANS: LDS 4224 bytes
// TRANS: output Y [37x45 f32]: max abs err 0, {{.*}} -> PASS
// TRANS: {{^}}PASS

func.func @copy(%A: memref<13x9xf32, strided<[16, 1]>>, %Y: memref<13x9xf32, strided<[12, 1], offset: 3>>) {
  linalg.copy ins(%A : memref<13x9xf32, strided<[16, 1]>>) outs(%Y : memref<13x9xf32, strided<[12, 1], offset: 3>>)
  return
}

func.func @transpose(%A: memref<45x37xf32, strided<[40, 1]>>, %Y: memref<37x45xf32, strided<[48, 1], offset: 2>>) {
  linalg.transpose ins(%A : memref<45x37xf32, strided<[40, 1]>>) outs(%Y : memref<37x45xf32, strided<[48, 1], offset: 2>>) permutation = [1, 0]
  return
}
