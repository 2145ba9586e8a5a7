"""rulings.publish"""
