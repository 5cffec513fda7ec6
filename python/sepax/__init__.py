"""sepax: collision queries between 3D convex hulls (SAT, GJK, EPA).

The module is built in the library's precision: ``sepax.precision`` is
'double' or 'float' and ``sepax.real`` the matching numpy scalar type.
Every result is in the world frame; axes and normals are unit vectors from
A to B; ``separation`` is signed (> 0 apart, < 0 overlapping).
"""

import sys as _sys

from . import _sepax
from ._sepax import __version__, precision, real
from ._sepax import Pose, Poses, Hull, HullStatus, HullError
from ._sepax import shapes, sat, gjk, epa, contact

# The extension's submodules, importable by name (import sepax.shapes).
for _name in ('shapes', 'sat', 'gjk', 'epa', 'contact'):
    _sys.modules[__name__ + '.' + _name] = getattr(_sepax, _name)

__all__ = ['__version__', 'precision', 'real', 'Pose', 'Poses', 'Hull', 'HullStatus', 'HullError',
           'shapes', 'sat', 'gjk', 'epa', 'contact']
