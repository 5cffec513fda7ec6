"""sepax: collision queries between 3D convex hulls (SAT, GJK, EPA).

The module is built in the library's precision: ``sepax.precision`` is
'double' or 'float' and ``sepax.real`` the matching numpy scalar type.
Every result is in the world frame; axes and normals are unit vectors from
A to B; ``separation`` is signed (> 0 apart, < 0 overlapping).
"""

from . import _sepax
from ._sepax import __version__, precision, real

__all__ = ['__version__', 'precision', 'real']
