// WGSL identifiers for what the translation names: kernel values (from the names the MLIR printer gives them),
// arguments, buffers, uniform fields and helper functions. A name must be a WGSL identifier, not a keyword or
// reserved word (WGSL spec, 15.2 and 15.3), and, to keep the builtin functions and types callable, not one of the
// predeclared names either; the translation's own names are unique in the module.

/** WGSL keywords and reserved words (WGSL spec, "Keyword Summary" and "Reserved Words"). */
const KEYWORDS_AND_RESERVED = `
alias break case const const_assert continue continuing default diagnostic discard else enable false fn for if let
loop override requires return struct switch true var while
NULL Self abstract active alignas alignof as asm asm_fragment async attribute auto await become cast catch class
co_await co_return co_yield coherent column_major common compile compile_fragment concept const_cast consteval
constexpr constinit crate debugger decltype delete demote demote_to_helper do dynamic_cast enum explicit export
extends extern external fallthrough filter final finally friend from fxgroup get goto groupshared highp impl
implements import inline instanceof interface layout lowp macro macro_rules match mediump meta mod module move mut
mutable namespace new nil noexcept noinline nointerpolation non_coherent noncoherent noperspective null nullptr of
operator package packoffset partition pass patch pixelfragment precise precision premerge priv protected pub public
readonly ref regardless register reinterpret_cast require resource restrict self set shared sizeof smooth snorm
static static_assert static_cast std subroutine super target template this thread_local throw trait try type typedef
typeid typename typeof union unless unorm unsafe unsized use using varying virtual volatile wgsl where with
writeonly yield`;

/** Predeclared types, enumerants and builtin functions: a kernel value must not hide them. */
const PREDECLARED = `
bool f16 f32 i32 u32 vec2 vec3 vec4 vec2i vec3i vec4i vec2u vec3u vec4u vec2f vec3f vec4f vec2h vec3h vec4h mat2x2
mat2x3 mat2x4 mat3x2 mat3x3 mat3x4 mat4x2 mat4x3 mat4x4 array atomic ptr sampler sampler_comparison
texture_1d texture_2d texture_2d_array texture_3d texture_cube texture_cube_array texture_multisampled_2d
texture_depth_2d texture_storage_2d read write read_write function private workgroup uniform storage
bitcast all any select arrayLength abs acos acosh asin asinh atan atanh atan2 ceil clamp cos cosh countLeadingZeros
countOneBits countTrailingZeros cross degrees determinant distance dot dot4U8Packed dot4I8Packed exp exp2
extractBits faceForward firstLeadingBit firstTrailingBit floor fma fract frexp insertBits inverseSqrt ldexp length
log log2 max min mix modf normalize pow quantizeToF16 radians reflect refract reverseBits round saturate sign sin
sinh smoothstep sqrt step tan tanh transpose trunc atomicLoad atomicStore atomicAdd atomicSub atomicMax atomicMin
atomicAnd atomicOr atomicXor atomicExchange atomicCompareExchangeWeak workgroupBarrier storageBarrier
textureBarrier workgroupUniformLoad subgroupAdd subgroupMul subgroupMin subgroupMax subgroupAnd subgroupOr
subgroupXor subgroupShuffle subgroupShuffleXor subgroupShuffleUp subgroupShuffleDown subgroupBroadcast
subgroupBroadcastFirst subgroupElect subgroupAll subgroupAny subgroupBallot pack4x8snorm pack4x8unorm
pack2x16snorm pack2x16unorm pack2x16float unpack4x8snorm unpack4x8unorm unpack2x16snorm unpack2x16unorm
unpack2x16float`;

const RESERVED: ReadonlySet<string> = new Set(`${KEYWORDS_AND_RESERVED} ${PREDECLARED}`.split(/\s+/).filter((w) => w !== ''));

/** Whether `name` may be declared in WGSL by the translation. */
export function isUsableWgslName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !name.startsWith('__') && name !== '_' && !RESERVED.has(name);
}

/**
 * The text of `wanted` made into a WGSL identifier: characters other than letters, digits and '_' become '_', a
 * leading digit gets a 'v' before it, runs of '_' at the start are cut to one.
 */
export function sanitizeWgslName(wanted: string): string {
  let s = wanted.replace(/[^A-Za-z0-9_]/g, '_');
  if (s === '' || /^[0-9]/.test(s)) s = `v${s}`;
  s = s.replace(/^_+/, '_');
  if (s === '_') s = 'v_';
  return s;
}

/** The names of one WGSL module: each name given out once, never a reserved one. */
export class WgslNames {
  private readonly taken = new Set<string>();

  /** A fresh name like `wanted` (sanitized; `_1`, `_2`, ... appended when taken or reserved). */
  fresh(wanted: string): string {
    const base = sanitizeWgslName(wanted);
    if (isUsableWgslName(base) && !this.taken.has(base)) {
      this.taken.add(base);
      return base;
    }
    for (let n = 1; ; n++) {
      const candidate = `${base}_${n}`;
      if (isUsableWgslName(candidate) && !this.taken.has(candidate)) {
        this.taken.add(candidate);
        return candidate;
      }
    }
  }

  /** Claims `name` exactly (a fixed name of the translation); throws when it is taken or unusable. */
  claim(name: string): string {
    if (!isUsableWgslName(name) || this.taken.has(name)) throw new Error(`the WGSL name '${name}' is not available`);
    this.taken.add(name);
    return name;
  }
}
