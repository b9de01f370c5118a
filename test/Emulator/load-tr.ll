; global_load_tr_b128 (RDNA4's transposing load of 16-bit elements): each
; lane reads 8 elements at its address, and in each group of 8 lanes the
; 8 x 8 block is transposed -- lane l gets element l % 8 of the 8 read by
; lane 8 (l / 8) + j, for j = 0..7 (the mapping measured on gfx1201 and
; gfx1250; AMD's ISA guide states the shapes, not the lane map).
;
; A 16 x 16 matrix M[k][n] = 16 k + n (i16) is written by the kernel, then
; read two ways; every result is widened to i32 and stored lane by lane.
; @frag: lane L gives the address of M[8 (L / 16) + L % 8][8 ((L / 8) % 2)]
; and receives column L % 16, rows 8 (L / 16) .. + 7: the WMMA B fragment
; of a row-major (N-contiguous) 16 x 16 block (docs/sparse-frontend.md).
; RUN: wmma-emu %s --kernel frag --grid 1 --block 32 --arg out:%t.f:2048 --arg out:%t.m:512
; RUN: python3 %S/Inputs/emu_check.py dump i32 %t.f | FileCheck %s --check-prefix=FRAG
; FRAG: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191 192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 0 16 32 48 64 80 96 112 1 17 33 49 65 81 97 113 2 18 34 50 66 82 98 114 3 19 35 51 67 83 99 115 4 20 36 52 68 84 100 116 5 21 37 53 69 85 101 117 6 22 38 54 70 86 102 118 7 23 39 55 71 87 103 119 8 24 40 56 72 88 104 120 9 25 41 57 73 89 105 121 10 26 42 58 74 90 106 122 11 27 43 59 75 91 107 123 12 28 44 60 76 92 108 124 13 29 45 61 77 93 109 125 14 30 46 62 78 94 110 126 15 31 47 63 79 95 111 127 128 144 160 176 192 208 224 240 129 145 161 177 193 209 225 241 130 146 162 178 194 210 226 242 131 147 163 179 195 211 227 243 132 148 164 180 196 212 228 244 133 149 165 181 197 213 229 245 134 150 166 182 198 214 230 246 135 151 167 183 199 215 231 247 136 152 168 184 200 216 232 248 137 153 169 185 201 217 233 249 138 154 170 186 202 218 234 250 139 155 171 187 203 219 235 251 140 156 172 188 204 220 236 252 141 157 173 189 205 221 237 253 142 158 174 190 206 222 238 254 143 159 175 191 207 223 239 255
; @rows: lane L reads element 8 L (8 consecutive elements a lane): lane L
; gets elements 8 (8 (L / 8) + j) + L % 8.
; RUN: wmma-emu %s --kernel rows --grid 1 --block 32 --arg out:%t.r:2048 --arg out:%t.m:512
; RUN: python3 %S/Inputs/emu_check.py dump i32 %t.r | FileCheck %s --check-prefix=ROWS
; ROWS: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191 192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 0 8 16 24 32 40 48 56 1 9 17 25 33 41 49 57 2 10 18 26 34 42 50 58 3 11 19 27 35 43 51 59 4 12 20 28 36 44 52 60 5 13 21 29 37 45 53 61 6 14 22 30 38 46 54 62 7 15 23 31 39 47 55 63 64 72 80 88 96 104 112 120 65 73 81 89 97 105 113 121 66 74 82 90 98 106 114 122 67 75 83 91 99 107 115 123 68 76 84 92 100 108 116 124 69 77 85 93 101 109 117 125 70 78 86 94 102 110 118 126 71 79 87 95 103 111 119 127 128 136 144 152 160 168 176 184 129 137 145 153 161 169 177 185 130 138 146 154 162 170 178 186 131 139 147 155 163 171 179 187 132 140 148 156 164 172 180 188 133 141 149 157 165 173 181 189 134 142 150 158 166 174 182 190 135 143 151 159 167 175 183 191 192 200 208 216 224 232 240 248 193 201 209 217 225 233 241 249 194 202 210 218 226 234 242 250 195 203 211 219 227 235 243 251 196 204 212 220 228 236 244 252 197 205 213 221 229 237 245 253 198 206 214 222 230 238 246 254 199 207 215 223 231 239 247 255
; Refused: a partial EXEC (the instruction needs all 32 lanes), RDNA3 (no
; transposing load), and the 8-bit form, whose lane map is not published.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel partial --grid 1 --block 32 --arg out:%t:2048 --arg out:%t.m:512 | FileCheck %s --check-prefix=EXEC
; EXEC: wmma-emu: error: global_load_tr_b128 executed with EXEC=0x0000ffff: the transposing load needs all 32 lanes active in kernel 'partial'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel rows --chip gfx1100 --grid 1 --block 32 --arg out:%t:2048 --arg out:%t.m:512 | FileCheck %s --check-prefix=RDNA3
; RDNA3: wmma-emu: error: in function 'rows': global_load_tr_b128 is an RDNA4 (gfx12) instruction; rdna3 has no transposing load
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel b64 --grid 1 --block 32 --arg out:%t:2048 --arg out:%t.m:512 | FileCheck %s --check-prefix=B64
; B64: wmma-emu: error: in function 'b64': 'llvm.amdgcn.global.load.tr.b64.v2i32' (global_load_tr_b64, 8-bit elements) is not emulated: its lane mapping is neither documented nor measured here

declare i32 @llvm.amdgcn.workitem.id.x()
declare <8 x i16> @llvm.amdgcn.global.load.tr.b128.v8i16(ptr addrspace(1))
declare <2 x i32> @llvm.amdgcn.global.load.tr.b64.v2i32(ptr addrspace(1))

; Lane t writes M[8t .. 8t + 7] (elements 8t + j), i32 each at out[0..255].
define void @fill(ptr addrspace(1) %m, ptr addrspace(1) %o, i32 %t) {
  %b = mul i32 %t, 8
  %v0 = insertelement <8 x i32> poison, i32 %b, i32 0
  %v = shufflevector <8 x i32> %v0, <8 x i32> poison, <8 x i32> zeroinitializer
  %w = add <8 x i32> %v, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %h = trunc <8 x i32> %w to <8 x i16>
  %pm = getelementptr i16, ptr addrspace(1) %m, i32 %b
  store <8 x i16> %h, ptr addrspace(1) %pm
  %po = getelementptr i32, ptr addrspace(1) %o, i32 %b
  store <8 x i32> %w, ptr addrspace(1) %po
  ret void
}

; out: the i32 results (the matrix, then the loaded values); %m: the i16
; matrix.
define amdgpu_kernel void @frag(ptr addrspace(1) %out, ptr addrspace(1) %m) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  call void @fill(ptr addrspace(1) %m, ptr addrspace(1) %out, i32 %t)
  %h = lshr i32 %t, 4
  %r8 = and i32 %t, 7
  %g = lshr i32 %t, 3
  %g2 = and i32 %g, 1
  %k8 = shl i32 %h, 3
  %k = add i32 %k8, %r8
  %kr = shl i32 %k, 4
  %c = shl i32 %g2, 3
  %e = add i32 %kr, %c
  %p = getelementptr i16, ptr addrspace(1) %m, i32 %e
  %v = call <8 x i16> @llvm.amdgcn.global.load.tr.b128.v8i16(ptr addrspace(1) %p)
  %w = zext <8 x i16> %v to <8 x i32>
  %b = mul i32 %t, 8
  %o = add i32 %b, 256
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store <8 x i32> %w, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @rows(ptr addrspace(1) %out, ptr addrspace(1) %m) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  call void @fill(ptr addrspace(1) %m, ptr addrspace(1) %out, i32 %t)
  %b = mul i32 %t, 8
  %p = getelementptr i16, ptr addrspace(1) %m, i32 %b
  %v = call <8 x i16> @llvm.amdgcn.global.load.tr.b128.v8i16(ptr addrspace(1) %p)
  %w = zext <8 x i16> %v to <8 x i32>
  %o = add i32 %b, 256
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store <8 x i32> %w, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @partial(ptr addrspace(1) %out, ptr addrspace(1) %m) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 16
  br i1 %c, label %ld, label %done
ld:
  %v = call <8 x i16> @llvm.amdgcn.global.load.tr.b128.v8i16(ptr addrspace(1) %out)
  %p = getelementptr <8 x i16>, ptr addrspace(1) %out, i32 %t
  store <8 x i16> %v, ptr addrspace(1) %p
  br label %done
done:
  ret void
}

define amdgpu_kernel void @b64(ptr addrspace(1) %out, ptr addrspace(1) %m) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = call <2 x i32> @llvm.amdgcn.global.load.tr.b64.v2i32(ptr addrspace(1) %out)
  %p = getelementptr <2 x i32>, ptr addrspace(1) %out, i32 %t
  store <2 x i32> %v, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
