"""rulings.translation"""
