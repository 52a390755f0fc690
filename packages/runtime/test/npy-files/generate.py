# Writes the .npy files of this folder with numpy (2.4): the reader's tests compare against what numpy wrote,
# the writer's tests compare their bytes with numpy's. Run from this folder: python3 generate.py
import numpy as np

np.save('f32-c-2x3.npy', np.arange(6, dtype='<f4').reshape(2, 3) / 4)
np.save('f64-f-3x2.npy', np.asfortranarray(np.array([[1.5, -2], [3, 4e300], [-0.0, np.inf]], dtype='<f8')))
np.save('bool-4.npy', np.array([True, False, False, True]))
np.save('i64-2x2.npy', np.array([[-(2**62), 1], [2**40, -1]], dtype='<i8'))
np.save('i8-3.npy', np.array([-128, 0, 127], dtype='i1'))
np.save('u16-scalar.npy', np.array(65535, dtype='<u2'))
np.save('i32-big-endian-3.npy', np.array([1, -2, 70000], dtype='>i4'))
np.save('u8-empty-0x3.npy', np.zeros((0, 3), dtype='u1'))
np.save('u32-1x2x3.npy', np.arange(6, dtype='<u4').reshape(1, 2, 3) * 700000000)
np.save('u64-2.npy', np.array([2**64 - 1, 5], dtype='<u8'))
np.save('i16-f-2x2.npy', np.asfortranarray(np.array([[1, 2], [3, -32768]], dtype='<i2')))
with open('f32-v2-2x2.npy', 'wb') as f:
    np.lib.format.write_array(f, np.array([[1, 2], [3, 4]], dtype='<f4'), version=(2, 0))
# Files tlir does not read: complex numbers, Python objects, a structured dtype, float16.
np.save('c64-2.npy', np.array([1+2j, 3], dtype='<c8'))
np.save('object-1.npy', np.array([{'a': 1}], dtype=object), allow_pickle=True)
np.save('structured-2.npy', np.zeros(2, dtype=[('x', '<f4'), ('y', '<i4')]))
np.save('f16-2.npy', np.array([1, 2], dtype='<f2'))
